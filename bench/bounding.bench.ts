import { pipeline } from 'node:stream/promises';
import { BoundedSink, type KeepMode } from '@pipeguard/bounded-sink';
import { countingSink } from './lib/counting-sink';
import { CHUNK_BYTES, MiB, repeatedChunks, streamOf } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';

/** The same 64 KiB chunk over and over, as a pipe would deliver a long stream. */
interface Input {
  chunks: Buffer[];
}

const inputBytes = (input: Input) => input.chunks.length * CHUNK_BYTES;

const keepContender = (keep: KeepMode) => ({
  name: `BoundedSink keep ${keep}, 1 MiB`,
  run: async (input: Input) => {
    const sink = new BoundedSink({ maxBytes: MiB, keep });
    await pipeline(streamOf(input.chunks), sink);
    return sink.done;
  },
  verify: (output: unknown, input: Input) => {
    const result = output as Awaited<BoundedSink['done']>;
    return result.totalBytes === inputBytes(input) && result.keptBytes === MiB ? 'ok' : 'wrong counts';
  },
});

export default defineQuestion({
  id: 'bounding',
  title: 'Bounding: BoundedSink keeping 1 MiB of a long stream vs only counting it',
  groups: [
    defineGroup<Input>({
      name: 'text stream in 64 KiB chunks',
      setup: ({ quick }) => ({ chunks: repeatedChunks('log line\n', quick ? 256 : 16 * 1024) }),
      bytes: inputBytes,
      baseline: 'count only (Writable)',
      contenders: [
        {
          name: 'count only (Writable)',
          run: (input) => pipeline(streamOf(input.chunks), countingSink()),
        },
        keepContender('head'),
        keepContender('tail'),
        keepContender('both'),
      ],
      targets: [],
    }),
  ],
});
