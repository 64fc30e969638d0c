import fc from 'fast-check';

/** What a check gets from the runtime that runs it. */
export interface CheckContext {
  /** The run count of a property: `propertyRuns(ciRuns)` under vitest, `ciRuns` in the other runtimes. */
  runs(ciRuns: number): number;
  /**
   * What the Node stage (iconv-lite) decodes bytes 0x00-0xFF to, per single-byte codepage name it
   * accepts: made in Node, live under vitest and bundled as data for the other runtimes.
   */
  readonly singleByteOracle: Readonly<Record<string, string>>;
  /** Double-byte inputs with the text the Node stage (LineSplitter → FallbackDecoder) gives for them. */
  readonly doubleByteOracle: readonly DoubleByteCase[];
}

/** Bytes in a double-byte codepage (malformed ones too) and the Node stage's text of them. */
export interface DoubleByteCase {
  readonly fallback: string;
  readonly bytes: readonly number[];
  readonly text: string;
}

/** One named check, written once and run in Node (vitest), Bun, Deno and Chromium. */
export interface Check {
  readonly name: string;
  readonly run: (context: CheckContext) => void | Promise<void>;
}

/** Checks of one subject, as vitest's `describe`. */
export interface CheckSuite {
  readonly name: string;
  readonly checks: readonly Check[];
}

/** A suite from an object of `'should … when …'` names to check bodies. */
export function suite(name: string, checks: Record<string, Check['run']>): CheckSuite {
  return { name, checks: Object.entries(checks).map(([checkName, run]) => ({ name: checkName, run })) };
}

/** Whether two values are equal as vitest's `toEqual` sees plain data: primitives, arrays, typed arrays, objects. */
function deepEqual(actual: unknown, expected: unknown): boolean {
  if (Object.is(actual, expected)) return true;
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null)
    return false;
  if (ArrayBuffer.isView(actual) || ArrayBuffer.isView(expected)) {
    if (!(actual instanceof Uint8Array && expected instanceof Uint8Array)) return false;
    return actual.length === expected.length && actual.every((byte, index) => byte === expected[index]);
  }
  if (Array.isArray(actual) !== Array.isArray(expected)) return false;
  const keys = Object.keys(actual);
  if (keys.length !== Object.keys(expected).length) return false;
  return keys.every((key) =>
    deepEqual((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key]),
  );
}

/** Throws unless `actual` deeply equals `expected`, showing both. */
export function assertEqual(actual: unknown, expected: unknown, what = 'value'): void {
  if (!deepEqual(actual, expected)) {
    throw new Error(`${what}: expected ${fc.stringify(expected)}, received ${fc.stringify(actual)}`);
  }
}

/** Throws unless `condition` holds. */
export function assert(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** What an error must be: the very instance, or its class and the fields it must have. */
export type ExpectedError = Error | { errorClass: new (...args: never[]) => Error; fields: object };

function checkError(error: unknown, expected: ExpectedError, what: string): void {
  if (expected instanceof Error) {
    assert(
      error === expected,
      `${what}: expected ${fc.stringify(expected)}, received ${fc.stringify(error)}`,
    );
    return;
  }
  assert(
    error instanceof expected.errorClass,
    `${what}: expected a ${expected.errorClass.name}, received ${fc.stringify(error)}`,
  );
  for (const [key, value] of Object.entries(expected.fields)) {
    assertEqual((error as unknown as Record<string, unknown>)[key], value, `${what}.${key}`);
  }
}

/** Resolves when `promise` rejects with the expected error; throws when it fulfils or rejects otherwise. */
export async function assertRejects(promise: Promise<unknown>, expected: ExpectedError, what = 'promise') {
  let settled: { error: unknown } | undefined;
  try {
    await promise;
  } catch (error) {
    settled = { error };
  }
  assert(settled !== undefined, `${what}: expected a rejection, but it fulfilled`);
  checkError(settled.error, expected, what);
}

/** Throws unless `run` throws the expected error. */
export function assertThrows(run: () => unknown, expected: ExpectedError, what = 'call'): void {
  let thrown: { error: unknown } | undefined;
  try {
    run();
  } catch (error) {
    thrown = { error };
  }
  assert(thrown !== undefined, `${what}: expected a throw, but it returned`);
  checkError(thrown.error, expected, what);
}
