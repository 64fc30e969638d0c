import type { CheckContext, CheckSuite } from '../checks/check';

/** What a run of the checks gave, as every runtime's runner reports it. */
export interface ChecksResult {
  passed: number;
  failed: number;
  /** `suite > check: message` of each failed check. */
  failures: string[];
}

/** A check still pending after this long fails (rather than holding CI until its time limit). */
const CHECK_TIMEOUT_MS = 60_000;

function timeout(name: string): { promise: Promise<never>; clear: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name}: still pending after ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return { promise, clear: () => clearTimeout(timer) };
}

/**
 * Runs every check of `suites` one after another with only the language and the Web APIs: the runner
 * Bun, Deno and Chromium share. `log` gets a line per failure.
 */
export async function runChecks(
  suites: readonly CheckSuite[],
  context: CheckContext,
  log: (line: string) => void,
): Promise<ChecksResult> {
  const result: ChecksResult = { passed: 0, failed: 0, failures: [] };
  for (const suite of suites) {
    for (const check of suite.checks) {
      const name = `${suite.name} > ${check.name}`;
      const limit = timeout(name);
      try {
        await Promise.race([Promise.resolve().then(() => check.run(context)), limit.promise]);
        result.passed++;
      } catch (error) {
        result.failed++;
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        result.failures.push(`${name}: ${message}`);
        log(`FAIL ${name}\n  ${message.replaceAll('\n', '\n  ')}`);
      } finally {
        limit.clear();
      }
    }
  }
  return result;
}
