import { portableByteOps } from '@pipeguard/shared/core';
import fc from 'fast-check';
import { OVERLAP_FROM_BYTES, StageStream } from '../../src/stage-stream';
import { assert, assertEqual, assertRejects, suite } from './check';
import { FailingCore, IdentityCore, LineCore, TestCoreError } from './test-cores';
import { concatBytes, readAll, sourceOf, transformAll } from './web-streams';

/** A source of `chunks` and a core that log, in order, each read the pipe asks of the source and each core write. */
function loggedPipe(chunks: readonly Uint8Array[]): { events: string[]; done: Promise<Uint8Array[]> } {
  const events: string[] = [];
  let index = 0;
  const source = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (index === chunks.length) return controller.close();
        events.push(`read ${String(index)}`);
        controller.enqueue(chunks[index++] as Uint8Array);
      },
    },
    { highWaterMark: 0 },
  );
  const identity = new IdentityCore();
  let written = 0;
  const core = {
    get stats() {
      return identity.stats;
    },
    write(bytes: Uint8Array, emit: (out: Uint8Array) => void) {
      events.push(`write ${String(written++)}`);
      identity.write(bytes, emit);
    },
    end: () => {},
  };
  return { events, done: readAll(source.pipeThrough(new StageStream(core))) };
}

const big = (fill: number) => new Uint8Array(OVERLAP_FROM_BYTES).fill(fill);

export const stageStreamOverlapChecks = suite('StageStream overlap', {
  'should have the next chunk read while the core works on one of OVERLAP_FROM_BYTES or more': async () => {
    const chunks = [big(1), big(2), big(3)];
    const { events, done } = loggedPipe(chunks);
    assertEqual(concatBytes(await done), concatBytes(chunks), 'output');
    assert(
      events.indexOf('read 1') < events.indexOf('write 0') &&
        events.indexOf('read 2') < events.indexOf('write 1'),
      `each read is asked before the core works on the chunk before it: ${events.join(', ')}`,
    );
  },

  'should give, in order, what working on every chunk at once gives, for chunks either side of the threshold':
    async (context) => {
      await fc.assert(
        fc.asyncProperty(
          // Chunk lengths drawn on both sides of the threshold (a plain byte array of fast-check's default
          // size is a few bytes long, and would never reach the deferred path), filled with lines.
          fc.array(
            fc.oneof(
              fc.integer({ min: OVERLAP_FROM_BYTES, max: 2 * OVERLAP_FROM_BYTES }),
              fc.integer({ min: 0, max: OVERLAP_FROM_BYTES - 1 }),
            ),
            { minLength: 1, maxLength: 5 },
          ),
          fc.integer({ min: 1, max: 0x7fffffff }),
          async (lengths, seed) => {
            let state = seed;
            const chunks = lengths.map((length) =>
              Uint8Array.from({ length }, () => {
                state = (Math.imul(state, 48271) >>> 0) % 0x7fffffff;
                return state % 64 === 0 ? 0x0a : state & 0xff;
              }),
            );
            const whole = new StageStream(new LineCore(portableByteOps));
            const expected = await transformAll(whole, chunks);
            const reference = new LineCore(portableByteOps);
            const direct: Uint8Array[] = [];
            for (const chunk of chunks) reference.write(chunk, (out) => direct.push(out.slice()));
            reference.end((out) => direct.push(out.slice()));
            assertEqual(expected, direct, 'lines, as the core gives them called directly');
            assertEqual({ ...whole.stats }, { ...reference.stats }, 'stats');
          },
        ),
        { numRuns: context.runs(40) },
      );
    },

  'should error both sides with the core error when it throws on a chunk worked on later': async () => {
    const stage = new StageStream(new FailingCore({ failAtEnd: false }));
    const expected = { errorClass: TestCoreError, fields: { code: 'ERR_TEST_CORE_BANG' } };
    const bang = big(0x41);
    bang[OVERLAP_FROM_BYTES - 1] = 0x21;
    const { readable } = sourceOf([big(0x41), bang, big(0x41)]);
    await assertRejects(readAll(readable.pipeThrough(stage)), expected, 'read');
  },

  'should error the writable side with the reason when the readable side is cancelled during work':
    async () => {
      const stage = new StageStream(new IdentityCore());
      const writer = stage.writable.getWriter();
      const writing = writer.write(big(1));
      const reason = new Error('not interested');
      await stage.readable.cancel(reason);
      await assertRejects(writing, reason, 'the write under way');
      await assertRejects(writer.closed, reason, 'closed');
    },
});
