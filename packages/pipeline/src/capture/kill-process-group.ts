import { spawn } from 'node:child_process';

/**
 * Sends `signal` to the whole process group led by `pid` (the child was spawned detached, so its
 * pid is its group id). On Windows the tree is killed with `taskkill /T /F` (untested here).
 * A group that is already gone is not an error.
 */
export function killProcessGroup(pid: number, signal: NodeJS.Signals): void {
  if (process.platform === 'win32') {
    spawn('taskkill', ['/T', '/F', '/PID', String(pid)], { stdio: 'ignore', windowsHide: true }).on(
      'error',
      () => {},
    );
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch (error) {
    // ESRCH: nobody left in the group; EPERM: a member changed user, which we cannot signal.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ESRCH' && code !== 'EPERM') throw error;
  }
}
