import { describeReceived, validateInteger, validateOptionsObject, validateString } from '@pipeguard/shared';
import { NO_PROMPT_ENV } from './no-prompt-env';
import { PTY_PACKAGE } from './pty-load';

/**
 * Columns of the terminal: a usual terminal window's width, so that output drawn to the full width
 * (progress bars, `ls` columns, tables) is as short as a reader sees it (tqdm draws a 1,101-byte bar line
 * at 400). Longer log lines wrap on this screen as in a window, and the renderer gives them back whole.
 */
export const DEFAULT_PTY_COLS = 120;
/** Rows of the terminal: what full-screen programs draw into. */
export const DEFAULT_PTY_ROWS = 50;
/** The terminal type named in `TERM` unless `env` sets it: what the renderer emulates. */
export const DEFAULT_PTY_TERM = 'xterm-256color';
/** A terminal's size is two unsigned shorts (struct winsize). */
const MAX_PTY_SIZE = 65_535;

/** The size of a pseudo-terminal, as `run()`'s `pty: { cols, rows }` gives it. */
export interface PtySize {
  /** Columns, 1 to 65535. @defaultValue `120` */
  cols?: number;
  /** Rows, 1 to 65535. @defaultValue `50` */
  rows?: number;
}

/** Options of {@link spawnPtyChild}. */
export interface PtyChildOptions extends PtySize {
  /** Working directory of the command. @defaultValue `process.cwd()` */
  cwd?: string;
  /**
   * Environment of the command. Without it, `process.env` with `TERM=xterm-256color` and
   * `PAGER=GIT_PAGER=cat` (a pager would wait for a key nobody presses), minus `COLUMNS` and `LINES`;
   * with it, these are only filled in where it does not set them. @defaultValue `process.env`
   */
  env?: NodeJS.ProcessEnv;
  /**
   * Written to the terminal, then end-of-file, so a program reading stdin finishes. Without it nothing is
   * written and the terminal stays open, as for a person who types nothing (write `child.stdin` instead).
   * @defaultValue none (nothing written)
   */
  input?: string | Buffer;
  /** The node-pty package to load (a fork with the same API may be named). @defaultValue `'@lydell/node-pty'` */
  ptyPackage?: string;
}

const KNOWN_OPTIONS = ['cols', 'rows', 'cwd', 'env', 'input', 'ptyPackage'] as const;

/** Options with every default filled in. */
export interface ResolvedPtyChildOptions {
  cols: number;
  rows: number;
  cwd: string | undefined;
  env: Record<string, string>;
  input: Buffer | undefined;
  ptyPackage: string;
}

function validateSize(name: string, value: unknown): void {
  validateInteger(name, value, { minimum: 1 });
  if ((value as number) > MAX_PTY_SIZE) {
    throw new RangeError(`The "${name}" option must be at most ${MAX_PTY_SIZE}. Received ${value}`);
  }
}

/** The environment a terminal's command gets; see {@link PtyChildOptions.env}. */
function terminalEnv(env: NodeJS.ProcessEnv | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(env ?? process.env)) if (value !== undefined) result[key] = value;
  const defaults = { TERM: DEFAULT_PTY_TERM, PAGER: NO_PROMPT_ENV.PAGER, GIT_PAGER: NO_PROMPT_ENV.GIT_PAGER };
  if (env === undefined) {
    // Inherited sizes would contradict the terminal's own (node-pty drops them too).
    delete result['COLUMNS'];
    delete result['LINES'];
    return { ...result, ...defaults };
  }
  return { ...defaults, ...result };
}

/**
 * Validates {@link spawnPtyChild}'s options and fills in defaults; the caller's object is not changed.
 * @throws TypeError for an unknown option or a wrong type; RangeError for a size out of range.
 */
export function resolvePtyChildOptions(options: PtyChildOptions | undefined): ResolvedPtyChildOptions {
  validateOptionsObject(options, KNOWN_OPTIONS);
  const {
    cols = DEFAULT_PTY_COLS,
    rows = DEFAULT_PTY_ROWS,
    cwd,
    env,
    input,
    ptyPackage = PTY_PACKAGE,
  } = options ?? {};
  validateSize('cols', cols);
  validateSize('rows', rows);
  if (cwd !== undefined) validateString('cwd', cwd, { nonEmpty: true });
  if (env !== undefined && (env === null || typeof env !== 'object')) {
    throw new TypeError(`The "env" option must be of type object. Received ${describeReceived(env)}`);
  }
  if (input !== undefined && typeof input !== 'string' && !Buffer.isBuffer(input)) {
    throw new TypeError(
      `The "input" option must be a string or a Buffer. Received ${describeReceived(input)}`,
    );
  }
  validateString('ptyPackage', ptyPackage, { nonEmpty: true });
  return {
    cols,
    rows,
    cwd,
    env: terminalEnv(env),
    input: typeof input === 'string' ? Buffer.from(input) : input,
    ptyPackage,
  };
}

/** `run()`'s `pty` option: off, on, on when the package loads, or on with a size. */
export type PtyOption = boolean | 'auto' | PtySize;

/** `run()`'s `pty` option resolved: on, or on when the package loads (`'auto'`), with the terminal's size. */
export interface ResolvedPtyOption {
  mode: 'on' | 'auto';
  cols: number;
  rows: number;
}

/**
 * Validates `run()`'s `pty` option and resolves it to `null` (off) or the terminal's mode and size.
 * @throws TypeError for a wrong type or an unknown key of the size; RangeError for `'yes'` or a size out of range.
 */
export function resolvePtyOption(pty: unknown): ResolvedPtyOption | null {
  if (pty === undefined || pty === false) return null;
  const defaults = { cols: DEFAULT_PTY_COLS, rows: DEFAULT_PTY_ROWS };
  if (pty === true) return { mode: 'on', ...defaults };
  if (pty === 'auto') return { mode: 'auto', ...defaults };
  const expected = "true, false, 'auto' or an object such as { cols, rows }";
  if (typeof pty === 'string') {
    throw new RangeError(`The "pty" option must be ${expected}. Received '${pty}'`);
  }
  if (pty === null || typeof pty !== 'object' || Array.isArray(pty)) {
    throw new TypeError(`The "pty" option must be ${expected}. Received ${describeReceived(pty)}`);
  }
  validateOptionsObject(pty, ['cols', 'rows']);
  const { cols = DEFAULT_PTY_COLS, rows = DEFAULT_PTY_ROWS } = pty as PtySize;
  validateSize('pty.cols', cols);
  validateSize('pty.rows', rows);
  return { mode: 'on', cols, rows };
}
