import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BinaryGuard } from '@pipeguard/binary-guard';
import { LineSplitter } from '@pipeguard/line-splitter';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import { streamOf } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';
import { proseChunks, pumpStages, STAGE_STREAMS, STAGE_TARGETS } from './web/stage-pairs';
import { CHUNK_BYTES, logChunks, pump, STREAMS } from './web/stream-pairs';

const MiB = 1024 * 1024;

const NODE_STAGES: Record<string, () => NodeJS.ReadWriteStream> = {
  'PassThrough (node:stream)': () => new PassThrough(),
  BinaryGuard: () => new BinaryGuard(),
  TerminalRenderer: () => new TerminalRenderer(),
  'LineSplitter batched': () => new LineSplitter({ batched: true }),
};

/** Pipes `chunks` through a Node stage into a sink; resolves with the input bytes the output stands for. */
async function throughNodeStage(stage: NodeJS.ReadWriteStream, chunks: Buffer[]): Promise<number> {
  let bytes = 0;
  const sink = new Writable({
    objectMode: true,
    write(item: Buffer | { bytes: Uint8Array }, _encoding, callback) {
      bytes += item instanceof Uint8Array ? item.length : item.bytes.length;
      callback();
    },
  });
  await pipeline(streamOf(chunks), stage, sink);
  return bytes;
}

export default defineQuestion({
  id: 'web-streams',
  title: "What does @pipeguard/web's StageStream cost over an identity TransformStream (Node's web streams)?",
  groups: [
    defineGroup<Uint8Array[]>({
      name: `log lines in ${CHUNK_BYTES / 1024} KiB chunks`,
      setup: ({ quick }) => logChunks((quick ? 4 : 128) * MiB),
      bytes: (chunks) => chunks.length * CHUNK_BYTES,
      baseline: 'identity TransformStream',
      contenders: Object.entries(STREAMS).map(([name, make]) => ({
        name,
        run: (chunks: Uint8Array[]) => pump(make(), chunks),
        verify: (bytes, chunks) =>
          bytes === chunks.length * CHUNK_BYTES ? 'ok' : `moved ${String(bytes)} bytes`,
      })),
      // The target for every XStream; here it is the shell's own cost (an identity core).
      targets: [{ contender: 'StageStream(identity core)', minRatio: 0.9 }],
    }),
    defineGroup<Uint8Array[]>({
      name: `UTF-8 prose lines (CJK, Cyrillic, emoji; no control bytes) in ${CHUNK_BYTES / 1024} KiB chunks: each stage stream`,
      setup: ({ quick }) => proseChunks((quick ? 4 : 128) * MiB),
      bytes: (chunks) => chunks.length * CHUNK_BYTES,
      baseline: 'identity TransformStream',
      contenders: Object.entries(STAGE_STREAMS).map(([name, make]) => ({
        name,
        run: (chunks: Uint8Array[]) => pumpStages(make(), chunks),
        // The decoder's output is text (UTF-16 units), not the input's bytes.
        verify: (bytes, chunks) =>
          name.includes('Decoder') || bytes === chunks.length * CHUNK_BYTES
            ? 'ok'
            : `moved ${String(bytes)} bytes`,
      })),
      // The targets: the guard on UTF-8, the renderer on plain text, the splitter.
      targets: STAGE_TARGETS.map((contender) => ({ contender, minRatio: 0.9 })),
    }),
    defineGroup<Buffer[]>({
      // For scale: what the Node stages reach against a PassThrough on the same chunks held in memory.
      name: `the same prose, 64 KiB chunks in memory: the Node stages against PassThrough (for scale)`,
      setup: ({ quick }) =>
        proseChunks((quick ? 4 : 128) * MiB).map((chunk) =>
          Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length),
        ),
      bytes: (chunks) => chunks.length * CHUNK_BYTES,
      baseline: 'PassThrough (node:stream)',
      contenders: Object.entries(NODE_STAGES).map(([name, make]) => ({
        name,
        run: (chunks: Buffer[]) => throughNodeStage(make(), chunks),
        verify: (bytes, chunks) =>
          bytes === chunks.length * CHUNK_BYTES ? 'ok' : `moved ${String(bytes)} bytes`,
      })),
    }),
  ],
});
