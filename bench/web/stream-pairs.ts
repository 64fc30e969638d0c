// The work of bench/web-streams.bench.ts (Node) and bench/web/streams.measure.ts (every runtime): the
// same bytes in the same chunks through an identity TransformStream (the baseline) and through a
// StageStream over an identity core; a StageStream over the line core shows a core with real work.
import { StageStream, webByteOps } from '@pipeguard/web';
import { IdentityCore, LineCore } from '../../packages/web/test/checks/test-cores';

export const CHUNK_BYTES = 64 * 1024;

/** `totalBytes` of log lines (about 70 bytes each) in 64 KiB chunks, as a pipe delivers them. */
export function logChunks(totalBytes: number): Uint8Array[] {
  let text = '';
  for (let line = 0; text.length < CHUNK_BYTES; line++)
    text += `2024-05-01T12:00:00Z step ${line} compiling module_${line}.ts ok\n`;
  const chunk = new TextEncoder().encode(text).subarray(0, CHUNK_BYTES);
  return Array.from({ length: Math.ceil(totalBytes / CHUNK_BYTES) }, () => chunk.slice());
}

/** The contenders, by name: each makes a fresh transform per run. */
export const STREAMS: Record<string, () => TransformStream<Uint8Array, Uint8Array>> = {
  'identity TransformStream': () => new TransformStream<Uint8Array, Uint8Array>(),
  'StageStream(identity core)': () => new StageStream(new IdentityCore()),
  'StageStream(line core, webByteOps)': () => new StageStream(new LineCore(webByteOps)),
};

/** Pulls `chunks` through `stream` into a counting sink, as `source.pipeThrough(x).pipeTo(sink)` does. */
export async function pump(
  stream: TransformStream<Uint8Array, Uint8Array>,
  chunks: readonly Uint8Array[],
): Promise<number> {
  let bytes = 0;
  await chunkSource(chunks)
    .pipeThrough(stream)
    .pipeTo(
      new WritableStream({
        write(chunk) {
          bytes += chunk.length;
        },
      }),
    );
  return bytes;
}

/** A source that gives `chunks`, one per pull, then closes: what every contender reads from. */
export function chunkSource(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++] as Uint8Array);
      else controller.close();
    },
  });
}
