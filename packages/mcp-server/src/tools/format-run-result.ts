import type { Capture, RunResult } from '@pipeguard/pipeline';
import { CAPTURE_RESULT_FIELDS, mcpView, RUN_RESULT_FIELDS } from '@pipeguard/pipeline/options';

/** How one stream of a run appears in structured content: the capture's fields marked for MCP (see `CAPTURE_RESULT_FIELDS`). */
export interface StreamView extends Record<string, unknown> {
  text: string;
  bytes: number;
  spill_path: string | null;
}

/** One stream of a run or a read as structured content shows it; `spilled: false`, its spill file is gone. */
export function viewOf(capture: Capture, spilled = true): StreamView {
  return {
    ...(mcpView(CAPTURE_RESULT_FIELDS, capture) as StreamView),
    // Only a truncated stream keeps its spill file; the others are deleted when the run ends.
    spill_path: spilled && capture.truncated ? capture.spillPath : null,
  };
}

function describeEnd(result: RunResult, timeoutMs: number): string {
  const after = `after ${Math.round(result.durationMs)} ms`;
  if (result.timedOut) return `timed out ${after} (timeout ${timeoutMs} ms); its process group was killed`;
  if (result.signal) return `killed by ${result.signal} ${after}`;
  return `exit code ${result.exitCode} ${after}`;
}

/** One stream's part of the text: its size, then its text. */
export function section(view: StreamView, label: string): string {
  if (view.bytes === 0) return `[${label}: empty]`;
  const text = view.text.endsWith('\n') ? view.text : `${view.text}\n`;
  return `[${label}: ${view.bytes} bytes]\n${text}`;
}

/** The text the model reads and the structured content of a run's result. */
export function formatRunResult(
  result: RunResult,
  timeoutMs: number,
  notes: readonly string[],
): { content: string[]; structured: Record<string, unknown> } {
  const stdout = viewOf(result.stdout);
  const stderr = viewOf(result.stderr);
  const lines = [describeEnd(result, timeoutMs), ...notes];
  if (result.stderrMerged) {
    lines.push('Run in a pseudo-terminal: stdout and stderr are merged, in their true order, under stdout.');
  }
  if (result.pipesHeldAfterExit) {
    lines.push('A background process kept the output pipes open after the command exited; they were closed.');
  }
  if (result.leftovers.length > 0) {
    const listed = result.leftovers.map(({ pid, command }) => `  ${pid} ${command}`).join('\n');
    lines.push(`Still running after the command ended (they end when this MCP session ends):\n${listed}`);
  }
  if (stdout.spill_path || stderr.spill_path) {
    lines.push(
      'The marker names the file holding the full output: page through it with read_lines or read_bytes.',
    );
  }
  const body = [section(stdout, 'stdout'), ...(stderr.bytes > 0 ? [section(stderr, 'stderr')] : [])];
  return {
    content: [`${lines.join('\n')}\n\n${body.join('\n')}`],
    structured: {
      ...mcpView(RUN_RESULT_FIELDS, result),
      duration_ms: Math.round(result.durationMs),
      timeout_ms: timeoutMs,
      stdout,
      stderr,
    },
  };
}
