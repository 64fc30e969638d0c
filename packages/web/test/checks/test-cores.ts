import type { ByteOps, Emit, StageCore } from '@pipeguard/shared/core';

const LF = 0x0a;

/** The counters of the test cores. */
export interface TestCoreStats {
  writes: number;
  bytes: number;
  outputs: number;
}

function freshStats(): TestCoreStats {
  return { writes: 0, bytes: 0, outputs: 0 };
}

/** Passes every chunk on as it came: the core of an identity `TransformStream`. */
export class IdentityCore implements StageCore<Uint8Array, TestCoreStats> {
  readonly #stats = freshStats();

  get stats(): TestCoreStats {
    return { ...this.#stats };
  }

  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    this.#stats.writes++;
    this.#stats.bytes += bytes.length;
    if (bytes.length === 0) return;
    this.#stats.outputs++;
    emit(bytes);
  }

  end(): void {}
}

/**
 * Splits bytes into lines (each with its LF; the rest at the end): a line inside one chunk is emitted as a
 * view of it, a line across chunks from a copy of its held start, as a core must (the writer may reuse
 * its chunk once `write` returns).
 */
export class LineCore implements StageCore<Uint8Array, TestCoreStats> {
  readonly #ops: ByteOps;
  readonly #stats = freshStats();
  #held: Uint8Array = new Uint8Array(0);
  #ended = false;

  constructor(ops: ByteOps) {
    this.#ops = ops;
  }

  get stats(): TestCoreStats {
    return { ...this.#stats };
  }

  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    if (this.#ended) throw new Error('LineCore: write after end');
    this.#stats.writes++;
    this.#stats.bytes += bytes.length;
    let from = 0;
    for (let at = this.#ops.indexOf(bytes, LF, 0); at !== -1; at = this.#ops.indexOf(bytes, LF, from)) {
      const line = bytes.subarray(from, at + 1);
      this.#emit(this.#held.length === 0 ? line : joined(this.#held, line), emit);
      this.#held = new Uint8Array(0);
      from = at + 1;
    }
    if (from < bytes.length) this.#held = joined(this.#held, bytes.subarray(from));
  }

  end(emit: Emit<Uint8Array>): void {
    this.#ended = true;
    if (this.#held.length > 0) this.#emit(this.#held, emit);
    this.#held = new Uint8Array(0);
  }

  #emit(line: Uint8Array, emit: Emit<Uint8Array>): void {
    this.#stats.outputs++;
    emit(line);
  }
}

function joined(head: Uint8Array, tail: Uint8Array): Uint8Array {
  const both = new Uint8Array(head.length + tail.length);
  both.set(head);
  both.set(tail, head.length);
  return both;
}

/** The error class of {@link FailingCore}, with a stable `code` as a stage's errors have. */
export class TestCoreError extends Error {
  readonly code: string;

  constructor(message: string, code: string) {
    super(message);
    this.name = 'TestCoreError';
    this.code = code;
  }
}

/** An identity core that throws a {@link TestCoreError} on a `!` byte, or at its end when told to. */
export class FailingCore implements StageCore<Uint8Array, TestCoreStats> {
  readonly #identity = new IdentityCore();
  readonly #failAtEnd: boolean;

  constructor(options: { failAtEnd: boolean }) {
    this.#failAtEnd = options.failAtEnd;
  }

  get stats(): TestCoreStats {
    return this.#identity.stats;
  }

  write(bytes: Uint8Array, emit: Emit<Uint8Array>): void {
    if (bytes.includes(0x21)) throw new TestCoreError('a ! in the input', 'ERR_TEST_CORE_BANG');
    this.#identity.write(bytes, emit);
  }

  end(): void {
    if (this.#failAtEnd) throw new TestCoreError('failed at the end', 'ERR_TEST_CORE_END');
  }
}
