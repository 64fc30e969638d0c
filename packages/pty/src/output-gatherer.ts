/** Bytes gathered before they are passed on even while more keeps arriving. */
const GATHER_BYTES = 64 * 1024;

/**
 * Gathers a terminal's reads into larger chunks. A pseudo-terminal gives at most some 4 KiB per read,
 * one read per turn of the event loop, and every stage downstream pays per chunk: gathered, a fast
 * writer's output moves in 64 KiB chunks. Output is passed on as soon as a turn of the event loop
 * brings nothing new (or 64 KiB have gathered), so a line printed alone is not held back.
 */
export class OutputGatherer {
  readonly #pass: (chunk: Buffer) => void;
  #chunks: Buffer[] = [];
  #bytes = 0;
  /** Whether a read came in since the last check: a turn that brings none passes the output on. */
  #arrived = false;
  #check: NodeJS.Immediate | null = null;

  constructor(pass: (chunk: Buffer) => void) {
    this.#pass = pass;
  }

  add(data: Buffer): void {
    this.#chunks.push(data);
    this.#bytes += data.length;
    this.#arrived = true;
    if (this.#bytes >= GATHER_BYTES) this.flush();
    else this.#check ??= setImmediate(() => this.#onCheck());
  }

  /** Passes on what has gathered, now. */
  flush(): void {
    this.#cancelCheck();
    if (this.#bytes === 0) return;
    const chunks = this.#chunks;
    const bytes = this.#bytes;
    this.#chunks = [];
    this.#bytes = 0;
    this.#pass(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, bytes));
  }

  /** Drops what has gathered: nobody reads any more. */
  discard(): void {
    this.#cancelCheck();
    this.#chunks = [];
    this.#bytes = 0;
  }

  #onCheck(): void {
    this.#check = null;
    if (!this.#arrived) {
      this.flush();
      return;
    }
    this.#arrived = false;
    this.#check = setImmediate(() => this.#onCheck());
  }

  #cancelCheck(): void {
    if (this.#check !== null) clearImmediate(this.#check);
    this.#check = null;
    this.#arrived = false;
  }
}
