import { pipeline } from '@pipeguard/pipeline';
import { captureStream } from '@pipeguard/web';
import { CHUNK_BYTES, MiB, streamOf } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';

interface Input {
  chunks: Buffer[];
  bytes: number;
}

/**
 * 4 MiB of what an agent's build prints: colourized step lines, a progress bar redrawn with CR, a
 * warning repeated, an error every 2000 steps. Repeated by reference to 256 MiB, so the input costs 4 MiB.
 */
function buildLog(): Buffer {
  const lines: string[] = [];
  let bytes = 0;
  for (let step = 0; bytes < 4 * MiB; step++) {
    const line =
      `\x1b[32m[${step}]\x1b[0m compiling src/module-${step % 997}.ts\r  25% ##\r  50% #####\r 100% ##########\n` +
      (step % 50 === 0 ? 'warning: deprecated API\n'.repeat(5) : '') +
      (step % 2000 === 1999
        ? `src/module-${step}.ts:12:5 - error TS2322: Type 'string' is not assignable\n`
        : '');
    lines.push(line);
    bytes += line.length;
  }
  return Buffer.from(lines.join('')).subarray(0, 4 * MiB);
}

/** A WHATWG stream over the prepared chunks, one per pull, as `fetch()` or `Bun.spawn` hand out. */
function webStreamOf(chunks: readonly Buffer[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (next < chunks.length) controller.enqueue(chunks[next++] as Buffer);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

const keptErrors = (capture: unknown) => {
  const { text, truncated, excerpts } = capture as { text: string; truncated: boolean; excerpts: unknown[] };
  return truncated && excerpts.length > 0 && text.includes('error TS2322') ? 'ok' : 'wrong: no error excerpt';
};

export default defineQuestion({
  id: 'web-capture',
  title:
    'captureStream (Web streams, one pass through the cores) vs pipeline() (Node streams), agent profile',
  groups: [
    defineGroup<Input>({
      name: 'agent profile, 256 MiB build log in 64 KiB chunks',
      setup: ({ quick }) => {
        const block = buildLog();
        const perBlock = Array.from({ length: block.length / CHUNK_BYTES }, (_, index) =>
          block.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES),
        );
        const chunks = Array.from({ length: quick ? 1 : 64 }, () => perBlock).flat();
        return { chunks, bytes: chunks.length * CHUNK_BYTES };
      },
      bytes: (input) => input.bytes,
      baseline: "pipeline() { profile: 'agent' }",
      contenders: [
        {
          name: "pipeline() { profile: 'agent' }",
          run: (input) => pipeline(streamOf(input.chunks), { profile: 'agent' }),
          verify: keptErrors,
        },
        {
          name: "captureStream() { profile: 'agent' }",
          run: (input) => captureStream(webStreamOf(input.chunks), { profile: 'agent' }),
          verify: keptErrors,
        },
      ],
      runs: 3,
    }),
  ],
});
