import { requireBuiltin } from './require-builtin';

let signals: Readonly<Record<string, number>> | undefined;

/**
 * This platform's signal numbers by name (`os.constants.signals`). `node:os` is loaded at the first call,
 * not at import: loaded by every start of the CLI, it cost 16 KB of young heap, which brought on a scavenge
 * before a short command had exited (measured). Only a signalled end or a `killSignal` other than the
 * default asks.
 */
export function signalNumbers(): Readonly<Record<string, number>> {
  signals ??= requireBuiltin<typeof import('node:os')>('node:os').constants.signals;
  return signals;
}
