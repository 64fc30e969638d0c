import { signalNumbers } from '@pipeguard/shared';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Exit status of a process ended by `signal`: 128 + its number, as shells report it. */
export function signalExitStatus(signal: NodeJS.Signals): number {
  return 128 + (signalNumbers()[signal] ?? 0);
}

/**
 * Calls `handler` for Ctrl-C (SIGINT), SIGTERM and SIGHUP instead of dying at once, so that the run
 * can stop the command's process group and print what it captured. Returns the remover.
 */
export function onTermination(handler: (signal: NodeJS.Signals, count: number) => void): () => void {
  let count = 0;
  const listener = (signal: NodeJS.Signals) => handler(signal, ++count);
  for (const signal of SIGNALS) process.on(signal, listener);
  return () => {
    for (const signal of SIGNALS) process.off(signal, listener);
  };
}
