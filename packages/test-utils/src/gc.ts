import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Node's `gc()` without `--expose-gc` on the command line: the flag set at run time exposes it to
 * contexts created afterwards, so a new one hands it over. For tests that measure what stays alive.
 */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
