import { defineGroup, defineQuestion } from './lib/question';
import { proseChunks, pumpStages, STAGE_STREAMS, STAGE_TARGETS } from './web/stage-pairs';
import { CHUNK_BYTES, logChunks, pump, STREAMS } from './web/stream-pairs';

const MiB = 1024 * 1024;

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
  ],
});
