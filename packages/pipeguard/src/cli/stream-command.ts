import { spawn } from 'node:child_process';
import { PassThrough, pipeline, Readable, Writable } from 'node:stream';
import { BinaryGuard } from '@pipeguard/binary-guard';
import { FallbackDecoder } from '@pipeguard/fallback-decoder';
import { LineClipper } from '@pipeguard/file-window';
import { LineSplitter } from '@pipeguard/line-splitter';
import { capture, type RunOptions, type RunResult, resolveAutoFallback } from '@pipeguard/pipeline';
import { quoteShellArgument } from '@pipeguard/shared';
import { write } from './output';

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
  { maxLineBytes, fallback, binaryGuard, ...lifecycle }: RunOptions,
  stdin: boolean,
  onSpawn: (pid: number | undefined) => void,
): Promise<RunResult> {
  const command = [file, ...args].map(quoteShellArgument).join(' ');
  const decode = { maxLineBytes, fallback: resolveAutoFallback(fallback), binaryGuard, command };
  // Built before the spawn, so an invalid option fails before the command starts.
  const outStages = decodeStages('stdout', decode);
  const errStages = decodeStages('stderr', decode);
  const child = spawn(file, args, {
    detached: process.platform !== 'win32',
    stdio: [stdin ? 'inherit' : 'ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  onSpawn(child.pid);
  const out = streamThrough(child.stdout as unknown as Readable, outStages, 'stdout');
  const err = streamThrough(child.stderr as unknown as Readable, errStages, 'stderr');
  // capture() reads only `pid`, the pipes, exit and error events and `kill`; see its child-like contract.
  const watched = {
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
    once(event: string, listener: (...args: never[]) => void) {
      child.once(event as 'exit', listener as () => void);
      return watched;
    },
    kill: (signal?: NodeJS.Signals) => child.kill(signal),
  };
  const running = capture(watched as unknown as Parameters<typeof capture>[0], {
    ...lifecycle,
    processGroup: true,
  });
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
  command?: string;
}

/** Builds the stages one unbounded stream goes through (validating their options). */
export function decodeStages(label: string, settings: DecodeSettings) {
  const { maxLineBytes, fallback, binaryGuard, command } = settings;
  return [
    ...(binaryGuard === false
      ? []
      : [new BinaryGuard(command === undefined ? { label } : { label, command })]),
    new LineSplitter({ batched: true }),
    ...(maxLineBytes === null || maxLineBytes === undefined ? [] : [new LineClipper({ maxLineBytes })]),
    new FallbackDecoder(fallback === undefined ? {} : { fallback }),
  ];
}

/**
 * Pipes a child's stream through the decode stages to stdout or stderr, and gives back an empty stream that
 * ends when the pipe does (for `capture()` to watch) and the promise of the stages' end. When
 * `capture()` closes that stream early (a descendant holds the pipe after the child exited), the
 * pipe is closed too and the stages end with what arrived.
 */
export function streamThrough(
  source: Readable | null,
  stages: ReturnType<typeof decodeStages>,
  target: 'stdout' | 'stderr',
) {
  const ended = new PassThrough();
  const [first] = stages as [(typeof stages)[number]];
  const sink = new Writable({
    objectMode: true,
    write(text: string, _encoding, callback) {
      if (write(target, text)) callback();
      else process[target].once('drain', () => callback());
    },
  });
  const done = new Promise<void>((resolve, reject) => {
    pipeline([first, ...stages.slice(1), sink] as unknown as [Readable, Writable], (error) =>
      error ? reject(error) : resolve(),
    );
  });
  if (source === null) {
    first.end();
    ended.end();
    return { ended, done };
  }
  source.once('end', () => ended.end());
  ended.once('close', () => {
    if (source.readableEnded) return;
    source.unpipe(first);
    first.end();
    source.destroy();
  });
  source.pipe(first);
  return { ended, done };
}

/** Decodes `bytes` through `stages` at once and returns the text (a file window, not a stream). */
export async function collectText(bytes: Buffer, stages: ReturnType<typeof decodeStages>): Promise<string> {
  const pieces: string[] = [];
  const sink = new Writable({
    objectMode: true,
    write(text: string, _encoding, callback) {
      pieces.push(text);
      callback();
    },
  });
  await new Promise<void>((resolve, reject) => {
    pipeline([Readable.from([bytes]), ...stages, sink] as unknown as [Readable, Writable], (error) =>
      error ? reject(error) : resolve(),
    );
  });
  return pieces.join('');
}
