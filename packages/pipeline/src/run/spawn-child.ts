import { spawn } from 'node:child_process';
import { type ResolvedPtyOption, spawnPtyChild } from '@pipeguard/pty';
import type { ChildLike } from '../capture/child-like';
import { findExecutable } from './find-executable';
import { isInputStream, type RunOptions } from './run-options';

/** `[file, args]` as `spawn()`'s `shell` option runs them: the words joined, given to the shell's `-c`. */
function shellCommand(file: string, args: readonly string[], shell: boolean | string): [string, string[]] {
  if (shell === false) return [file, [...args]];
  return [shell === true ? '/bin/sh' : shell, ['-c', [file, ...args].join(' ')]];
}

// Makes fd 2 a copy of fd 1, then becomes the command: one pipe for both streams, as `2>&1` gives.
const ONE_PIPE_SCRIPT = 'exec "$@" 2>&1';

/**
 * Spawns the command on pipes, in a group of its own (POSIX), or under a pseudo-terminal, and
 * starts writing `input` to it. A stream `input` is only piped: the caller watches it for errors.
 * With `onePipe` (POSIX) stderr is written to stdout's pipe, so both keep the order they were written
 * in; the child's `stderr` is then `null`, as under a pseudo-terminal. With `openStdin` (`start()`'s
 * commands, written to later) stdin is a pipe or the terminal, left open.
 */
export function spawnChild(
  file: string,
  args: readonly string[],
  options: Pick<RunOptions, 'cwd' | 'env' | 'shell' | 'input'>,
  pty: ResolvedPtyOption | null,
  { onePipe = false, openStdin = false } = {},
): ChildLike {
  const { cwd, env, shell = false, input } = options;
  const stream = isInputStream(input) ? input : null;
  if (pty !== null) {
    const [command, commandArgs] = shellCommand(file, args, shell);
    const buffered = input !== undefined && stream === null;
    const child = spawnPtyChild(command, commandArgs, {
      cols: pty.cols,
      rows: pty.rows,
      ...(cwd === undefined ? {} : { cwd }),
      ...(env === undefined ? {} : { env }),
      ...(buffered ? { input: input as string | Buffer } : {}),
    });
    // Without input, end-of-file at once, as the pipes' ignored stdin gives: a reader of stdin finishes.
    if (input === undefined && !openStdin) child.stdin?.end();
    else if (stream !== null && child.stdin) stream.pipe(child.stdin);
    return child;
  }
  // Two pipes cannot keep the order of writes to both: a shell joins them and execs the command (same
  // pid and group). A command that cannot be found is spawned as it is, to fail as spawn() fails.
  const merge =
    onePipe && process.platform !== 'win32' && (shell !== false || findExecutable(file, cwd, env));
  const [command, commandArgs] = merge
    ? ['/bin/sh', ['-c', ONE_PIPE_SCRIPT, 'sh', ...shellCommand(file, args, shell).flat()]]
    : [file, [...args]];
  const child = spawn(command, commandArgs, {
    cwd,
    env,
    shell: merge ? false : shell,
    detached: process.platform !== 'win32',
    stdio: [input === undefined && !openStdin ? 'ignore' : 'pipe', 'pipe', merge ? 'ignore' : 'pipe'],
    windowsHide: true,
  });
  if (input !== undefined && child.stdin) {
    if (stream === null) child.stdin.end(input as string | Buffer);
    else stream.pipe(child.stdin);
  }
  return child;
}
