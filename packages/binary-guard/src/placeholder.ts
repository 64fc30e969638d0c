/** Longest label shown whole; a longer one keeps its end (a path's file name) after an ellipsis. */
const MAX_LABEL_CHARS = 24;
/** Longest command shown; a longer one would crowd the budget, so the hint says COMMAND. */
const MAX_COMMAND_CHARS = 36;

import type { Utf16Encoding } from './utf16';

/** What the placeholder reports about one withheld run. */
export interface WithheldRun {
  label: string;
  command: string | null;
  bytes: number;
  from: number;
  controlShare: number;
}

/** Withheld runs the summary names one by one; it counts the rest. */
const SUMMARY_RUNS = 3;

/**
 * One text for every withheld run (`runs` the first ones kept, `count` of them in all, `bytes` in
 * all): the single run's placeholder when there is one, else the total and the first few runs.
 */
export function formatSummary(runs: readonly WithheldRun[], count: number, bytes: number): string | null {
  const first = runs[0];
  if (first === undefined) return null;
  if (count === 1) return formatPlaceholder(first);
  const named = runs.slice(0, SUMMARY_RUNS).map((run) => `${run.bytes} bytes from byte ${run.from}`);
  const more = count > SUMMARY_RUNS ? `, and ${count - SUMMARY_RUNS} more` : '';
  const head = `[binary output withheld: ${shownLabel(first.label)}, ${bytes} bytes in ${count} runs: ${named.join(', ')}${more}. `;
  return head + inspectHint(first);
}

function shownLabel(label: string): string {
  return label.length > MAX_LABEL_CHARS ? `…${label.slice(1 - MAX_LABEL_CHARS)}` : label;
}

function inspectHint(run: WithheldRun): string {
  const command = run.command && run.command.length <= MAX_COMMAND_CHARS ? run.command : 'COMMAND';
  const redirect = run.label === 'stderr' ? '2>' : '>';
  return `To inspect it, redirect it to a file: ${command} ${redirect} out.bin, then run file out.bin or xxd out.bin | head]`;
}

/**
 * The text standing in for a withheld run: the label, the true raw byte count, where the run starts,
 * its control share and how to inspect it. At most about 250 characters, however long the run.
 */
export function formatPlaceholder(run: WithheldRun): string {
  const share = (run.controlShare * 100).toFixed(1);
  return (
    `[binary output withheld: ${shownLabel(run.label)}, ${run.bytes} bytes from byte ${run.from}, ${share}% control bytes. ` +
    inspectHint(run)
  );
}

const ENCODER = new TextEncoder();

/**
 * The placeholder as bytes on a line of its own, in the stream's encoding so that a UTF-16 stream
 * stays UTF-16 for the transcoder after the guard.
 */
export function encodePlaceholder(
  text: string,
  utf16: Utf16Encoding | null,
  atLineStart: boolean,
): Uint8Array {
  const line = `${atLineStart ? '' : '\n'}${text}\n`;
  if (!utf16) return ENCODER.encode(line);
  const bytes = new Uint8Array(line.length * 2);
  const [low, high] = utf16 === 'utf-16le' ? [0, 1] : [1, 0];
  for (let index = 0; index < line.length; index++) {
    const unit = line.charCodeAt(index);
    bytes[2 * index + low] = unit & 0xff;
    bytes[2 * index + high] = unit >> 8;
  }
  return bytes;
}

/** Whether passed `bytes` end a line, so the placeholder needs no line feed of its own before it. */
export function endsWithLineFeed(bytes: Uint8Array, utf16: Utf16Encoding | null): boolean {
  const end = bytes.length;
  if (!utf16) return bytes[end - 1] === 0x0a;
  const [low, high] = utf16 === 'utf-16le' ? [end - 2, end - 1] : [end - 1, end - 2];
  return end >= 2 && bytes[low] === 0x0a && bytes[high] === 0;
}
