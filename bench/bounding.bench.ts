import { pipeline } from 'node:stream/promises';
import { BoundedSink, type KeepMode } from '@pipeguard/bounded-sink';
import { Readable, Writable } from 'readable-stream';
import { defineGroup, defineQuestion } from './lib/question';

const CHUNK_BYTES = 64 * 1024;

interface Input {
  chunk: Buffer;
  count: number;
}

/** The same 64 KiB chunk `count` times, as a pipe would deliver a long stream. */
function stream({ chunk, count }: Input): Readable {
  let sent = 0;
  return new Readable({
    read() {
      this.push(sent++ < count ? chunk : null);
    },
  });
}

function countOnly(): Writable {
  let bytes = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
    final(callback) {
      if (bytes < 0) throw new Error('unreachable');
      callback();
    },
  });
}

const keepContender = (keep: KeepMode) => ({
  name: `BoundedSink keep ${keep}, 1 MiB`,
  run: async (input: Input) => {
    const sink = new BoundedSink({ maxBytes: 1024 * 1024, keep });
    await pipeline(stream(input), sink);
    return sink.done;
  },
  verify: (output: unknown, input: Input) => {
    const result = output as Awaited<BoundedSink['done']>;
    return result.totalBytes === input.count * CHUNK_BYTES && result.keptBytes === 1024 * 1024
      ? 'ok'
      : 'wrong counts';
  },
});

export default defineQuestion({
  id: 'bounding',
  title: 'Bounding: BoundedSink keeping 1 MiB of a long stream vs only counting it',
  groups: [
    defineGroup<Input>({
      name: 'text stream in 64 KiB chunks',
      setup: ({ quick }) => ({
        chunk: Buffer.alloc(CHUNK_BYTES, 'log line\n'),
        count: quick ? 256 : 16 * 1024,
      }),
      bytes: ({ count }) => count * CHUNK_BYTES,
      baseline: 'count only (Writable)',
      contenders: [
        { name: 'count only (Writable)', run: (input) => pipeline(stream(input), countOnly()) },
        keepContender('head'),
        keepContender('tail'),
        keepContender('both'),
      ],
      targets: [],
    }),
  ],
});
