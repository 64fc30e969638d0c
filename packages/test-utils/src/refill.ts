import type { Readable, Writable } from 'readable-stream';

/**
 * Writes `chunks` to `stage` from ONE buffer that the writer refills with the next chunk in each write's
 * callback, at once, as a writer may once called back; then ends it. Resolves with `snapshot` of every
 * chunk the stage emitted, taken as it came (a sink: `[]`). A stage that holds the writer's buffer past the
 * callback gives other output than the same chunks written as buffers of their own.
 */
export async function writeFromOneBuffer<T>(
  stage: Writable | (Writable & Readable),
  chunks: readonly Uint8Array[],
  snapshot: (chunk: unknown) => T,
): Promise<T[]> {
  const output: T[] = [];
  const readable = 'read' in stage && typeof stage.read === 'function';
  if (readable) (stage as Readable).on('data', (chunk: unknown) => output.push(snapshot(chunk)));
  const buffer = Buffer.alloc(Math.max(1, ...chunks.map((chunk) => chunk.length)));
  const fill = (index: number) => {
    const chunk = chunks[index] as Uint8Array;
    buffer.set(chunk);
    return buffer.subarray(0, chunk.length);
  };
  await new Promise<void>((resolve, reject) => {
    const writeFrom = (index: number) => {
      if (index === chunks.length) {
        resolve();
        return;
      }
      stage.write(fill(index), (error?: Error | null) => (error ? reject(error) : writeFrom(index + 1)));
    };
    writeFrom(0);
  });
  await new Promise<void>((resolve, reject) => {
    stage.once('error', reject);
    if (readable) (stage as Readable).once('end', resolve);
    else stage.once('finish', resolve);
    stage.end();
  });
  return output;
}
