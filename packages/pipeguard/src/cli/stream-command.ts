import { spawn } from 'node:child_process';
import { BinaryGuard } from '@pipeguard/binary-guard';
import { FallbackDecoder } from '@pipeguard/fallback-decoder';
import { LineClipper, LineSplitter } from '@pipeguard/line-splitter';
import {
  AGENT_PROFILE,
  type ChildLike,
  type ChildOutput,
  capture,
  type PipelineOptions,
  type RenderMode,
  type RunOptions,
  type RunResult,
  resolveAutoFallback,
} from '@pipeguard/pipeline';
import { RepeatFolder } from '@pipeguard/repeat-folder';
import { type RedactOptions, SecretRedactor } from '@pipeguard/secret-redactor';
import { quoteShellArgument } from '@pipeguard/shared';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import { PassThrough, pipeline, Writable } from 'readable-stream';
import { whenWritable, write } from './output';

/**
 * Runs a command whose output is unbounded (`--max-bytes none`): each stream is guarded, split,
 * clipped and decoded as it arrives and written on at once, waiting for the terminal or pipe to take
 * it, so memory stays constant however much the command writes. `capture()` still owns the run's
 * lifecycle (timeout, cancellation, a pipe held after exit, the exit status): it watches two empty
 * streams that end when the real pipes do.
 */
export async function streamCommand(
  file: string,
  args: readonly string[],
  options: RunOptions,
  stdin: boolean,
  onSpawn: (pid: number | undefined) => void,
): Promise<RunResult> {
  const { maxLineBytes, fallback, binaryGuard, render, foldRepeats, redact, ...lifecycle } = options;
  const command = [file, ...args].map(quoteShellArgument).join(' ');
  const decode = { ...streamingSettings(options), fallback: resolveAutoFallback(fallback), command };
  // Built before the spawn, so an invalid option fails before the command starts.
  const outStages = decodeStages('stdout', decode);
  const errStages = decodeStages('stderr', decode);
  const child = spawn(file, args, {
    detached: process.platform !== 'win32',
    stdio: [stdin ? 'inherit' : 'ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  onSpawn(child.pid);
  const out = streamThrough(child.stdout, outStages, 'stdout');
  const err = streamThrough(child.stderr, errStages, 'stderr');
  // capture() watches two empty streams that end with the real pipes, and the child's exit and kill.
  const watched: ChildLike = {
    pid: child.pid,
    stdin: null,
    stdout: out.ended,
    stderr: err.ended,
    get exitCode() {
      return child.exitCode;
    },
    get signalCode() {
      return child.signalCode;
    },
    once(event: 'exit' | 'error', listener: (...args: never[]) => void) {
      return child.once(event, listener as () => void);
    },
    kill: (signal?: NodeJS.Signals) => child.kill(signal),
  };
  const running = capture(watched, { ...lifecycle, processGroup: true });
  const [result] = await Promise.all([
    running.catch((error: unknown) => {
      const result = (error as { result?: RunResult }).result;
      if (result) return result;
      throw error;
    }),
    out.done,
    err.done,
  ]);
  return result;
}

/** What the decode stages of an unbounded stream need. */
export interface DecodeSettings {
  maxLineBytes: number | null | undefined;
  fallback: string | string[] | null | undefined;
  binaryGuard: boolean | undefined;
  render?: RenderMode | undefined;
  foldRepeats?: boolean | undefined;
  /** The redactor's options, or `null` (its `env`: pipeguard's environment, which the command inherits). */
  redact?: RedactOptions | null;
  command?: string;
}

/** The options of an unbounded stream's stages, with the agent profile's render and fold when it is asked for. */
export function streamingSettings(options: PipelineOptions): Omit<DecodeSettings, 'command'> {
  const profile = options.profile === 'agent' ? AGENT_PROFILE : undefined;
  return {
    // The CLI gives sizes as numbers (parsed from its flags); the library also takes text.
    maxLineBytes: options.maxLineBytes as number | null | undefined,
    fallback: options.fallback,
    binaryGuard: options.binaryGuard,
    render: options.render ?? profile?.render,
    foldRepeats: options.foldRepeats ?? profile?.foldRepeats,
    redact: (options.redact ?? profile?.redact) ? { env: process.env } : null,
  };
}

/** Builds the stages one unbounded stream goes through (validating their options), in the pipeline's order. */
export function decodeStages(label: string, settings: DecodeSettings) {
  const { maxLineBytes, fallback, binaryGuard, render, foldRepeats, redact, command } = settings;
  return [
    ...(binaryGuard === false
      ? []
      : [new BinaryGuard(command === undefined ? { label } : { label, command })]),
    ...(render === 'terminal' ? [new TerminalRenderer()] : []),
    ...(redact === null || redact === undefined ? [] : [new SecretRedactor(redact)]),
    ...(foldRepeats === true ? [new RepeatFolder()] : []),
    new LineSplitter({ batched: true }),
    ...(maxLineBytes === null || maxLineBytes === undefined ? [] : [new LineClipper({ maxLineBytes })]),
    new FallbackDecoder(fallback === undefined ? {} : { fallback }),
  ];
}

/**
 * Pipes a child's stream through the decode stages to stdout or stderr, and gives back an empty stream that
 * ends when the pipe does (for `capture()` to watch) and the promise of the stages' end. When
 * `capture()` closes that stream early (a descendant holds the pipe after the child exited), the
 * pipe is closed too and the stages end with what arrived. An error of the pipe fails that stream
 * (so `capture()` ends the group) and the promise; once the target's reader has left, what arrives
 * is dropped, so the child is never held back by a 'drain' that will not come.
 */
export function streamThrough(
  source: (ChildOutput & { readonly readableEnded: boolean }) | null,
  stages: ReturnType<typeof decodeStages>,
  target: 'stdout' | 'stderr',
) {
  const ended = new PassThrough();
  const [first] = stages as [(typeof stages)[number]];
  const sink = new Writable({
    objectMode: true,
    write(text: string, _encoding, callback) {
      if (write(target, text)) callback();
      else whenWritable(target).then(() => callback());
    },
  });
  const done = new Promise<void>((resolve, reject) => {
    pipeline([first, ...stages.slice(1), sink], (error) => (error ? reject(error) : resolve()));
  });
  if (source === null) {
    first.end();
    ended.end();
    return { ended, done };
  }
  source.once('end', () => ended.end());
  source.on('error', (error) => {
    source.unpipe(first);
    first.destroy(error);
    ended.destroy(error);
  });
  ended.once('close', () => {
    if (source.readableEnded) return;
    source.unpipe(first);
    if (!first.destroyed) first.end();
    source.destroy();
  });
  source.pipe(first);
  return { ended, done };
}
