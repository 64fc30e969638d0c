import { toBuffer } from '@pipeguard/shared';
import { pipeline, Readable, Writable } from 'readable-stream';

/** A Readable that emits exactly these chunks (Uint8Arrays as Buffers), one per read, then ends. */
export function feed(chunks: Iterable<unknown>, options: { objectMode?: boolean } = {}): Readable {
  const queue = [...chunks].map((chunk) => (chunk instanceof Uint8Array ? toBuffer(chunk) : chunk));
  return new Readable({
    objectMode: options.objectMode ?? true,
    read() {
      this.push(queue.length > 0 ? queue.shift() : null);
    },
  });
}

/**
 * A source that, like a file stream, answers each read a turn of the event loop later: `count` times
 * `chunk`, then its end. Each read it is asked for is logged to `events` as `read N`.
 */
function readsLater(chunk: Buffer, count: number, events: string[]): Readable {
  let asked = 0;
  return new Readable({
    read() {
      asked++;
      events.push(`read ${asked}`);
      const next = asked > count ? null : chunk;
      setImmediate(() => this.push(next));
    },
  });
}

/**
 * Pipes {@link readsLater}'s source (`count` times `chunk`) through `stage` into a sink, and resolves with
 * what came out and the order of events: `read N` for each read asked of the source, `output` for each
 * chunk the sink is given.
 */
export async function pipeReadsLater(
  stage: NodeJS.ReadWriteStream | Writable,
  chunk: Buffer,
  count: number,
): Promise<{ events: string[]; output: Buffer }> {
  const events: string[] = [];
  const output: Buffer[] = [];
  const sink = new Writable({
    write(piece: Buffer, _encoding, callback) {
      events.push('output');
      output.push(piece);
      callback();
    },
  });
  await new Promise<void>((resolve, reject) =>
    pipeline(readsLater(chunk, count, events), stage as Writable, sink, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  return { events, output: Buffer.concat(output) };
}

/**
 * Writes `line1\n`, `line2\n`, … `line${count}\n` to `stage` from one 6-byte buffer that the writer
 * refills in each write's callback, at once, as a writer may once called back; then ends it and resolves
 * with everything the stage emitted (copied as it came).
 */
export async function writeRefillingOneBuffer(stage: Writable & Readable, count: number): Promise<string> {
  const output: Buffer[] = [];
  stage.on('data', (piece: Buffer) => output.push(Buffer.from(piece)));
  const buffer = Buffer.from('line1\n');
  await new Promise<void>((resolve, reject) => {
    const writeFrom = (line: number) =>
      stage.write(buffer, (error) => {
        if (error) reject(error);
        else if (line === count) resolve();
        else {
          buffer.write(`line${line + 1}\n`);
          writeFrom(line + 1);
        }
      });
    writeFrom(1);
  });
  stage.end();
  await new Promise((resolve) => stage.on('end', resolve));
  return Buffer.concat(output).toString();
}

/** Collects every chunk a readable side emits, resolving at its end. */
export function collect<T = Buffer>(stream: NodeJS.ReadableStream | Readable): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const chunks: T[] = [];
    stream.on('data', (chunk: T) => chunks.push(chunk));
    stream.once('end', () => resolve(chunks));
    stream.once('error', reject);
  });
}

/** Collects a byte stream into one Buffer. */
export async function collectBytes(stream: NodeJS.ReadableStream | Readable): Promise<Buffer> {
  return Buffer.concat(await collect<Buffer>(stream));
}

/** Writes chunks to a writable side one by one, honouring backpressure, then ends it. */
export async function writeAll(
  target: Writable | NodeJS.WritableStream,
  chunks: Iterable<Uint8Array | string>,
): Promise<void> {
  for (const chunk of chunks) {
    if (!target.write(chunk)) await new Promise((resolve) => target.once('drain', resolve));
  }
  await new Promise<void>((resolve, reject) => {
    target.once('error', reject);
    target.end(() => resolve());
  });
}

/** Cuts bytes into chunks at the given positions (sorted, clamped, duplicates give empty chunks). */
export function cutAt(bytes: Uint8Array, cuts: readonly number[]): Buffer[] {
  const source = toBuffer(bytes);
  const positions = cuts.map((cut) => Math.max(0, Math.min(source.length, cut))).sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const position of positions) {
    chunks.push(source.subarray(start, position));
    start = position;
  }
  chunks.push(source.subarray(start));
  return chunks;
}

/** Cuts `bytes` into chunks of `size` bytes, the last one shorter; empty bytes give one empty chunk. */
export function chunksOf(bytes: Uint8Array, size: number): Buffer[] {
  const count = Math.ceil(bytes.length / size);
  return cutAt(
    bytes,
    Array.from({ length: Math.max(0, count - 1) }, (_, index) => (index + 1) * size),
  );
}

/** Every way to cut `bytes` into two chunks, as [head, tail] pairs, from position 0 to length. */
export function everySplit(bytes: Uint8Array): Buffer[][] {
  return Array.from({ length: bytes.length + 1 }, (_, position) => cutAt(bytes, [position]));
}
