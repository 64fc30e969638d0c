import { isEndedState, readProcessStat } from './input-wait/process-stat';

/** How often a command is checked for its exit between SIGCHLDs, in case a check after one came too early. */
const EXIT_POLL_MS = 50;
/** Checks a millisecond apart after a SIGCHLD (which may be another child's). */
const RETRIES_AFTER_SIGNAL = 20;

// SIGCHLD is the process's own: one listener serves every watched command (a listener per command
// would pass Node's limit of ten with ten terminals open).
const checks = new Set<() => void>();
const onChildSignal = (): void => {
  for (const check of checks) check();
};

/**
 * Whether `pid` has exited: a zombie (Linux's /proc says so the moment it exits, before node-pty's thread
 * reaps it, which a busy machine can delay by tens of milliseconds) or gone (reaped).
 */
function hasExited(pid: number): boolean {
  const stat = readProcessStat(pid);
  if (stat === 'gone') return true;
  if (stat !== 'denied') return isEndedState(stat.state);
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Calls `onExit` once, soon after the command `pid` has exited: at the SIGCHLD of its exit (checked
 * again for a few milliseconds after it) or, at the latest, at the next poll. Returns what stops watching.
 */
export function watchExit(pid: number, onExit: () => void): () => void {
  let retries = 0;
  let retry: NodeJS.Timeout | null = null;
  const check = (): void => {
    if (hasExited(pid)) {
      stop();
      onExit();
      return;
    }
    // The kernel signals the parent a moment before the child is a zombie: a few tries, a millisecond apart.
    if (retries < RETRIES_AFTER_SIGNAL && retry === null) {
      retries++;
      retry = setTimeout(() => {
        retry = null;
        check();
      }, 1);
    }
  };
  const poll = setInterval(check, EXIT_POLL_MS);
  const onSignal = (): void => {
    retries = 0;
    check();
  };
  if (checks.size === 0) process.on('SIGCHLD', onChildSignal);
  checks.add(onSignal);
  const stop = (): void => {
    clearInterval(poll);
    if (retry !== null) clearTimeout(retry);
    retry = null;
    if (!checks.delete(onSignal)) return;
    if (checks.size === 0) process.off('SIGCHLD', onChildSignal);
  };
  return stop;
}
