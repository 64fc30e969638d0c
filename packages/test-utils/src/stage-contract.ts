import { pipeline, Readable, Writable } from 'readable-stream';
import { describe, expect, it } from 'vitest';

/** An error class as the invalid-options table names it. */
type ErrorClass = new (...args: never[]) => Error;

/** What {@link describeStageContract} needs to know about a stage. */
export interface StageContract {
  /** Makes the stage with these options (`undefined`: its defaults). */
  create: (options?: unknown) => Writable & { readonly stats: object };
  /** Every option key the stage knows: a misspelling of each must be rejected, naming the key. */
  knownOptions: readonly string[];
  /** Valid options objects, together using every key; each is constructed from a deeply frozen copy. */
  validOptions: readonly object[];
  /** Invalid options with the class and exact message of the error the constructor throws. */
  invalidOptions: readonly (readonly [options: unknown, errorClass: ErrorClass, message: string])[];
  /** Chunks the stage accepts and turns into at least one output chunk (a sink: accepts). */
  input: () => unknown[];
  /**
   * A sink (a Writable with no readable side, such as `BoundedSink`): the source error runs through
   * `pipeline(source, stage)`, and the consumer-error and high-water tests, which need a readable side,
   * are not declared.
   * @defaultValue false
   */
  sink?: boolean;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(deepCopy) as T;
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, deepCopy(field)])) as T;
}

/** readable-stream's own `pipeline`, as a promise: the stages are its streams, so no casts. */
function pipe(source: Readable, ...rest: [Writable] | [Writable, Writable]): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (rest.length === 1) pipeline(source, rest[0], done);
    else pipeline(source, rest[0] as never, rest[1], done);
  });
}

/** A source that emits `chunks`, then fails with an `EIO` error instead of ending. */
function failingSource(chunks: unknown[]): Readable {
  const queue = [...chunks];
  return new Readable({
    objectMode: true,
    read() {
      if (queue.length > 0) this.push(queue.shift());
      else this.destroy(Object.assign(new Error('disk gone'), { code: 'EIO' }));
    },
  });
}

/**
 * Declares the tests every stage must pass, once for all stages: a fresh `stats` object on each get;
 * destroyed with the right `code` through `pipeline` when its source or its consumer fails; `write()`
 * returning false at the high-water mark; each unknown option key and each invalid option rejected
 * with its class and exact message; the caller's options never mutated.
 */
export function describeStageContract(name: string, contract: StageContract): void {
  describe(`${name} stage contract`, () => {
    it('should return a fresh stats object on each get that a caller cannot change', () => {
      const stage = contract.create();
      for (const chunk of contract.input()) stage.write(chunk);
      const first = stage.stats as Record<string, unknown>;
      const before = structuredClone(stage.stats);
      expect(first).not.toBe(stage.stats);
      expect(first).toEqual(before);
      // Arrays too: a snapshot that shares one with the stage would let a caller change its records.
      for (const [key, value] of Object.entries(first)) {
        if (Array.isArray(value)) value.push('pushed by the caller');
        first[key] = 'changed by the caller';
      }
      expect(stage.stats).toEqual(before);
    });

    it('should be destroyed with the source error when the source fails mid-stream', async () => {
      const stage = contract.create();
      const sink = new Writable({ objectMode: true, write: (_chunk, _encoding, callback) => callback() });
      const source = failingSource(contract.input());
      const piped = contract.sink === true ? pipe(source, stage) : pipe(source, stage, sink);
      await expect(piped).rejects.toMatchObject({ code: 'EIO' });
      expect(stage.destroyed).toBe(true);
    });

    it.each(contract.knownOptions.map((key) => [`${key}s`, key]))(
      'should reject the unknown option %j and suggest %j',
      (misspelt, key) => {
        const construct = () => contract.create({ [misspelt]: 1 });
        expect(construct).toThrow(
          new TypeError(
            `The "options" argument has an unknown option "${misspelt}" (did you mean "${key}"?)`,
          ),
        );
      },
    );

    it.each(contract.invalidOptions)(
      'should throw for the invalid options %j',
      (options, errorClass, message) => {
        let thrown: unknown;
        try {
          contract.create(options);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(errorClass);
        expect((thrown as Error).message).toBe(message);
      },
    );

    it.each(contract.validOptions.map((options) => [options]))(
      'should not mutate the options object %j',
      (options) => {
        // The options are frozen deeply: in strict-mode code a write to them throws, so constructing
        // without an exception is the whole test (an equality check afterwards could never fail).
        expect(() => contract.create(deepFreeze(deepCopy(options)))).not.toThrow();
      },
    );

    if (contract.sink === true) return;

    it('should be destroyed with the consumer error when the consumer fails', async () => {
      const stage = contract.create();
      const failure = Object.assign(new Error('consumer broke'), { code: 'ERR_CONSUMER_BROKE' });
      const sink = new Writable({
        objectMode: true,
        write: (_chunk, _encoding, callback) => callback(failure),
      });
      await expect(
        pipe(Readable.from(contract.input(), { objectMode: true }), stage, sink),
      ).rejects.toMatchObject({ code: 'ERR_CONSUMER_BROKE' });
      expect(stage.destroyed).toBe(true);
    });

    it('should return false from write() at the high-water mark when nobody reads', () => {
      const stage = contract.create();
      const [chunk] = contract.input();
      let accepted = true;
      for (let writes = 0; writes < 10_000 && accepted; writes++) accepted = stage.write(chunk);
      expect(accepted).toBe(false);
    });
  });
}
