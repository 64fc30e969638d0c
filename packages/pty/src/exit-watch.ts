/** How often a command is checked for its exit between SIGCHLDs, in case one was taken before its reap. */
const EXIT_POLL_MS = 50;

// SIGCHLD is the process's own: one listener serves every watched command (a listener per command
// would pass Node's limit of ten with ten terminals open).
const checks = new Set<() => void>();
const onChildSignal = (): void => {
  for (const check of checks) check();
};

/** Whether `pid` has exited and been reaped (node-pty reaps its command at once). */
function hasExited(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Calls `onExit` once, soon after the command `pid` has exited and been reaped: at the SIGCHLD of its
 * exit (checked again on the next turns, as node-pty's thread may reap it a moment later) or, at the
 * latest, at the next poll. Returns what stops watching.
 */
export function watchExit(pid: number, onExit: () => void): () => void {
  let retries = 0;
  let retry: NodeJS.Immediate | null = null;
  const check = (): void => {
    if (!hasExited(pid)) {
      // A SIGCHLD may come before the reap: a few turns later the pid is gone.
      if (retries++ < 8)
        retry ??= setImmediate(() => {
          retry = null;
          check();
        });
      return;
    }
    stop();
    onExit();
  };
  const poll = setInterval(() => {
    retries = 0;
    check();
  }, EXIT_POLL_MS);
  const onSignal = (): void => {
    retries = 0;
    check();
  };
  if (checks.size === 0) process.on('SIGCHLD', onChildSignal);
  checks.add(onSignal);
  const stop = (): void => {
    clearInterval(poll);
    if (retry !== null) clearImmediate(retry);
    retry = null;
    if (!checks.delete(onSignal)) return;
    if (checks.size === 0) process.off('SIGCHLD', onChildSignal);
  };
  return stop;
}
