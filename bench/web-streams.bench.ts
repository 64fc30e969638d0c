import { open } from 'node:fs/promises';
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BinaryGuard } from '@pipeguard/binary-guard';
import { LineSplitter } from '@pipeguard/line-splitter';
import { TerminalRenderer } from '@pipeguard/terminal-renderer';
import { streamOf } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';
import { removeTempFile, type WrittenTempFile, writeTempFile } from './lib/temp-file';
import { proseChunks, pumpStages, STAGE_STREAMS, STAGE_TARGETS } from './web/stage-pairs';
import { CHUNK_BYTES, logChunks, pump, STREAMS } from './web/stream-pairs';

const MiB = 1024 * 1024;

/** The targets' streams, read from a file as Node hands a web stream out (`FileHandle#readableWebStream`). */
const FILE_STREAMS = ['identity TransformStream', ...STAGE_TARGETS];

/** Pulls `file` through `streams` as a byte stream of the file's reads; resolves with the bytes moved. */
async function pumpFile(
  streams: readonly TransformStream<never, unknown>[],
  file: WrittenTempFile,
): Promise<number> {
  const handle = await open(file.path);
  try {
    const source = handle.readableWebStream({ type: 'bytes' }) as unknown as ReadableStream<Uint8Array>;
    return await pumpStages(streams as never, [], source);
  } finally {
    await handle.close();
  }
}

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
    defineGroup<WrittenTempFile>({
      // Where the Node stages reach 0.9x PassThrough: a file, whose reads cost what a real source costs.
      name: 'the same prose from a file, read as a web stream (FileHandle#readableWebStream): the targets',
      setup: ({ quick }) => {
        const block = proseChunks(16 * CHUNK_BYTES);
        return writeTempFile('prose.txt', Buffer.concat(block), (quick ? 4 : 256) * MiB);
      },
      teardown: removeTempFile,
      bytes: (file) => file.bytes,
      baseline: 'identity TransformStream',
      contenders: FILE_STREAMS.map((name) => ({
        name,
        run: (file: WrittenTempFile) => pumpFile((STAGE_STREAMS[name] as () => never[])(), file),
        verify: (bytes, file) => (bytes === file.bytes ? 'ok' : `moved ${String(bytes)} bytes`),
      })),
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
