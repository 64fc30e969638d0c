import { readFileSync } from 'node:fs';
import { listPids } from './process-table';
import { randomHex } from './random-hex';

/** The variable that marks every process of one run: descendants inherit it whatever group or session they make. */
export const RUN_ID_VARIABLE = 'PIPEGUARD_RUN_ID';

/**
 * A run's environment marker, `PIPEGUARD_RUN_ID=<random>`: the processes whose initial environment
 * (/proc/<pid>/environ, readable for this user's own processes) holds it are the run's descendants.
 * A process that execs itself with a cleared environment escapes it; a cgroup does not let it.
 */
export class EnvironMarker {
  readonly value = randomHex(16);
  readonly #needle = Buffer.from(`\0${RUN_ID_VARIABLE}=${this.value}\0`);

  /** `env` with the marker added (a new object). */
  mark(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
    return { ...env, [RUN_ID_VARIABLE]: this.value };
  }

  /** The pids whose initial environment holds the marker. */
  carriers(): number[] {
    return listPids().filter((pid) => {
      try {
        // A leading NUL, so that the first variable matches like the others.
        const environ = Buffer.concat([Buffer.from([0]), readFileSync(`/proc/${pid}/environ`)]);
        return environ.indexOf(this.#needle) !== -1 || endsWithMarker(environ, this.#needle);
      } catch {
        return false;
      }
    });
  }
}

/** Whether the environment's last variable, which may lack its trailing NUL, is the marker. */
function endsWithMarker(environ: Buffer, needle: Buffer): boolean {
  const withoutNul = needle.subarray(0, -1);
  return environ.subarray(environ.length - withoutNul.length).equals(withoutNul);
}
