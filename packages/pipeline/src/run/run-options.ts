import { inspect } from 'node:util';
import type { PtyOption } from '@pipeguard/pty';
import { describeReceived } from '@pipeguard/shared';
import type { Readable } from 'readable-stream';
import type { CaptureOptions } from '../capture/capture-options';
import { optionKeysOf } from '../preset/option-table';
import type { InputWaitOptions } from '../session/input-wait-options';

/** Options of `run()`: capture and pipeline options, plus how to spawn. */
export interface RunOptions extends Omit<CaptureOptions, 'processGroup'>, InputWaitOptions {
  /** Working directory of the command. @defaultValue `process.cwd()` */
  cwd?: string;
  /** Environment of the command. @defaultValue `process.env` */
  env?: NodeJS.ProcessEnv;
  /** Run through a shell (`true` for the default one, or a shell's path); off by default. @defaultValue `false` */
  shell?: boolean | string;
  /**
   * Written to the command's stdin, which is otherwise ignored. A stream that fails (or closes
   * before its end) fails the run: the group is ended and the promise rejects with `ERR_RUN_INPUT`.
   * @defaultValue none (stdin ignored)
   */
  input?: string | Buffer | NodeJS.ReadableStream | Readable;
  /**
   * Run under a pseudo-terminal (`@lydell/node-pty`, an optional dependency): `true`, `{ cols, rows }`
   * for its size, or `'auto'` to fall back to pipes when the package cannot load (`ptyFallback` says
   * why). Its one stream is `stdout` (`stderrMerged`, and `all` is it too), `render` defaults to
   * `'terminal'`, and stdin gets `input` then end-of-file. @defaultValue `false` (pipes); size `{ cols: 120, rows: 50 }`
   */
  pty?: PtyOption;
  /**
   * End the descendants still alive when the command ends normally (its `leftovers`: a `server &`, a
   * `nohup` or `setsid` job, a daemon that double-forked) instead of leaving them running. A timeout,
   * a cancellation or a failure ends them whatever this says. @defaultValue `false`
   */
  killLeftovers?: boolean;
}

/** The keys `run()` accepts: capture's but `processGroup` (a run always has its group), and its own. */
export const RUN_OPTION_KEYS = optionKeysOf('run');

/** Whether `input` is a stream `run()` pipes to the command. */
export function isInputStream(input: RunOptions['input']): input is NodeJS.ReadableStream | Readable {
  return typeof (input as { pipe?: unknown } | null | undefined)?.pipe === 'function';
}

/**
 * Checks what `spawn()` would only reject once the pipelines are built: the type of `input` and
 * `killLeftovers`, and
 * null bytes in `cwd`, `shell` and `env` (which no process can be given).
 * @throws TypeError naming the option and the value.
 */
export function validateSpawnOptions({ input, cwd, shell, env, killLeftovers }: RunOptions): void {
  if (killLeftovers !== undefined && typeof killLeftovers !== 'boolean') {
    throw new TypeError(
      `The "killLeftovers" option must be a boolean. Received ${describeReceived(killLeftovers)}`,
    );
  }
  if (input !== undefined && typeof input !== 'string' && !Buffer.isBuffer(input) && !isInputStream(input)) {
    throw new TypeError(
      `The "input" option must be a string, a Buffer or a readable stream. Received ${describeReceived(input)}`,
    );
  }
  if (typeof cwd === 'string') rejectNullBytes('cwd', cwd);
  if (typeof shell === 'string') rejectNullBytes('shell', shell);
  if (env === undefined || env === null || typeof env !== 'object') return;
  for (const [key, value] of Object.entries(env)) {
    if (key.includes('\0')) {
      throw new TypeError(`The "env" option must have keys without null bytes. Received ${inspect(key)}`);
    }
    if (typeof value === 'string') rejectNullBytes(`env.${key}`, value);
  }
}

function rejectNullBytes(name: string, value: string): void {
  if (!value.includes('\0')) return;
  // inspect() shows the null byte as \x00, as Node's own ERR_INVALID_ARG_VALUE does.
  throw new TypeError(`The "${name}" option must be a string without null bytes. Received ${inspect(value)}`);
}
