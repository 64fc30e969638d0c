import { constants, openSync } from 'node:fs';
import { PtyChild } from './pty-child';
import { loadPtyModule, type PtyProcess } from './pty-load';
import { type PtyChildOptions, resolvePtyChildOptions } from './pty-options';
import { checkSpawnable } from './spawn-check';
import { validateCommand } from './validate-command';

/**
 * The terminal's session leader until the command replaces it: turns echo off and LF-to-CRLF output
 * off (a line ends as the program wrote it, as on a pipe), says so, and `exec`s the command, so the
 * exit status and signal node-pty reports are the command's own (`exit 130` stays a status; a shell
 * waiting for it could not tell it from a death by SIGINT).
 */
const WRAPPER_SCRIPT = `stty -echo -onlcr 2>/dev/null; printf '\\033]pipeguard-pty-ready\\007'; exec "$@"`;
const WRAPPER_NAME = 'pipeguard-pty';

/**
 * Spawns a command under a new pseudo-terminal (its own session), with echo turned off before it
 * starts, and returns it as a child-like {@link PtyChild}. `@lydell/node-pty` is loaded only now.
 * A command that cannot be started is reported by an `'error'` event, as `child_process.spawn` does.
 * @throws TypeError or RangeError for an invalid argument or option.
 * @throws PtyUnavailableError when the pseudo-terminal package cannot be loaded.
 */
export function spawnPtyChild(
  file: string,
  args: readonly string[] = [],
  options?: PtyChildOptions,
): PtyChild {
  validateCommand(file, args);
  const settings = resolvePtyChildOptions(options);
  const pty = loadPtyModule(settings.ptyPackage);
  const startError = checkSpawnable(file, settings.cwd, settings.env);
  if (startError !== null) return new PtyChild(null, startError);
  let terminal: PtyProcess;
  try {
    terminal = pty.spawn('/bin/sh', ['-c', WRAPPER_SCRIPT, WRAPPER_NAME, file, ...args], {
      name: settings.env['TERM'],
      cols: settings.cols,
      rows: settings.rows,
      ...(settings.cwd === undefined ? {} : { cwd: settings.cwd }),
      env: settings.env,
      // Raw Buffers: the bytes stay as the command wrote them, for the decoder's fallback.
      encoding: null,
    });
  } catch (error) {
    return new PtyChild(null, error as Error);
  }
  const child = new PtyChild(terminal, null, holdTerminal(terminal));
  if (settings.input !== undefined) child.stdin?.end(settings.input);
  return child;
}

/**
 * Opens the terminal's slave side in this process (not as its controlling terminal), so that it stays
 * open until the command has exited, as a terminal window's does: a command that closes its stdio before
 * exiting (coreutils do) would otherwise end the terminal, and the hang-up could SIGHUP it on its way out.
 */
function holdTerminal(terminal: PtyProcess): number | null {
  if (terminal.ptsName === undefined) return null;
  try {
    return openSync(terminal.ptsName, constants.O_RDWR | constants.O_NOCTTY);
  } catch {
    return null;
  }
}
