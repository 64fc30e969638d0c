import { createRequire } from 'node:module';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** Exit status of a process ended by `signal`: 128 + its number, as shells report it. */
export function signalExitStatus(signal: NodeJS.Signals): number {
  // node:os is loaded here, on a signalled end only: at load it cost every start 16 KB of young heap.
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  const { constants } = require('node:os') as typeof import('node:os');
  return 128 + (constants.signals[signal] ?? 0);
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
