import { portableByteOps } from '@pipeguard/shared/core';
import fc from 'fast-check';
import { StageStream } from '../../src/index';
import { assert, assertEqual, assertRejects, suite } from './check';
import { FailingCore, IdentityCore, LineCore, TestCoreError } from './test-cores';
import { concatBytes, cutBytes, readAll, sourceOf, transformAll } from './web-streams';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const bytesOf = (text: string) => encoder.encode(text);
const textOf = (chunks: readonly Uint8Array[]) => chunks.map((chunk) => decoder.decode(chunk));

const lineStream = () => new StageStream(new LineCore(portableByteOps));

/** Values a byte stage must refuse, with how Node's `ERR_INVALID_ARG_TYPE` names them. */
const NOT_BYTES: readonly (readonly [unknown, string])[] = [
  ['text', "type string ('text')"],
  [1, 'type number (1)'],
  [null, 'null'],
  [undefined, 'undefined'],
  [[1, 2], 'an instance of Array'],
  [{ length: 0 }, 'an instance of Object'],
  [new Uint16Array(2), 'an instance of Uint16Array'],
  [new Uint8ClampedArray(2), 'an instance of Uint8ClampedArray'],
  [new DataView(new ArrayBuffer(2)), 'an instance of DataView'],
  [new ArrayBuffer(2), 'an instance of ArrayBuffer'],
];

export const stageStreamChecks = suite('StageStream', {
  'should pass every chunk on unchanged when the core is an identity': async () => {
    const chunks = [bytesOf('one'), bytesOf(''), bytesOf('two\n'), new Uint8Array([0, 0xff])];
    const output = await transformAll(new StageStream(new IdentityCore()), chunks);
    assertEqual(
      output,
      chunks.filter((chunk) => chunk.length > 0),
      'output',
    );
  },

  'should emit what the core completes and, at the end, what it held': async () => {
    const stage = lineStream();
    const output = await transformAll(stage, [bytesOf('a\nb'), bytesOf('c\n\nd'), bytesOf('e')]);
    assertEqual(textOf(output), ['a\n', 'bc\n', '\n', 'de'], 'lines');
    assertEqual(stage.stats, { writes: 3, bytes: 8, outputs: 4 }, 'stats');
  },

  'should give the same output and stats for any chunking of the same bytes': async (context) => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 300 }).map((bytes) => bytes.map((byte) => (byte % 4 === 0 ? 0x0a : byte))),
        fc.array(fc.nat(300), { maxLength: 12 }),
        async (bytes, cuts) => {
          const whole = lineStream();
          const expected = await transformAll(whole, [bytes]);
          const cut = lineStream();
          const output = await transformAll(cut, cutBytes(bytes, cuts));
          assertEqual(output, expected, 'lines');
          assertEqual(concatBytes(output), bytes, 'bytes');
          assertEqual({ ...cut.stats, writes: 0 }, { ...whole.stats, writes: 0 }, 'stats');
        },
      ),
      { numRuns: context.runs(100) },
    );
  },

  'should return a fresh stats object on each get that a caller cannot change': async () => {
    const stage = lineStream();
    await transformAll(stage, [bytesOf('a\nb')]);
    const first = stage.stats as unknown as Record<string, unknown>;
    assert(first !== (stage.stats as unknown), 'a new object on each get');
    first['outputs'] = 'changed by the caller';
    assertEqual(stage.stats, { writes: 1, bytes: 3, outputs: 2 }, 'stats');
  },

  'should error both sides with the core error, class and code, when write throws': async () => {
    const stage = new StageStream(new FailingCore({ failAtEnd: false }));
    const writer = stage.writable.getWriter();
    const reader = stage.readable.getReader();
    const expected = { errorClass: TestCoreError, fields: { code: 'ERR_TEST_CORE_BANG' } };
    void writer.write(bytesOf('fine'));
    assertEqual(decoder.decode((await reader.read()).value), 'fine', 'the chunk before');
    // A pending read lets the core take the next chunk (the readable side queues nothing ahead).
    const reading = reader.read();
    await assertRejects(writer.write(bytesOf('bang!')), expected, 'write');
    await assertRejects(reading, expected, 'read');
    await assertRejects(writer.closed, expected, 'closed');
  },

  'should error the readable side with the core error when end throws': async () => {
    const stage = new StageStream(new FailingCore({ failAtEnd: true }));
    const expected = { errorClass: TestCoreError, fields: { code: 'ERR_TEST_CORE_END' } };
    const { readable } = sourceOf([bytesOf('fine')]);
    await assertRejects(readAll(readable.pipeThrough(stage)), expected, 'read');
  },

  "should refuse a chunk that is not a Uint8Array with Node's TypeError": async () => {
    for (const [value, received] of NOT_BYTES) {
      const stage = new StageStream(new IdentityCore());
      const writer = stage.writable.getWriter();
      const message = `The "chunk" argument must be an instance of Uint8Array. Received ${received}`;
      const expected = { errorClass: TypeError, fields: { message, code: 'ERR_INVALID_ARG_TYPE' } };
      const reading = stage.readable.getReader().read();
      await assertRejects(writer.write(value as Uint8Array), expected, `write(${received})`);
      await assertRejects(reading, expected, `read after write(${received})`);
      assertEqual(stage.stats.writes, 0, 'core writes');
    }
  },

  'should take a view into a larger buffer as just its bytes': async () => {
    const buffer = bytesOf('xxab\ncdxx');
    const output = await transformAll(lineStream(), [buffer.subarray(2, 7)]);
    assertEqual(textOf(output), ['ab\n', 'cd'], 'lines');
  },

  'should keep held bytes when the writer refills its one buffer after each write': async () => {
    // Arrange: each write completes one line, read before the next refill (outputs may be views).
    const stage = lineStream();
    const writer = stage.writable.getWriter();
    const reader = stage.readable.getReader();
    const buffer = new Uint8Array(5);
    const lines: string[] = [];
    // Act
    for (const piece of ['ab\ncd', 'ef\ngh', 'ij\nkl']) {
      buffer.set(bytesOf(piece));
      const written = writer.write(buffer);
      lines.push(decoder.decode((await reader.read()).value));
      await written;
    }
    const closed = writer.close();
    lines.push(decoder.decode((await reader.read()).value));
    await closed;
    // Assert: the held 'cd', 'gh' and 'kl' were copied, not views of the refilled buffer.
    assertEqual(lines, ['ab\n', 'cdef\n', 'ghij\n', 'kl'], 'lines');
  },

  'should cancel the source with the reason when the consumer cancels': async () => {
    // More lines than a pipe reads ahead (the writable side queues two), so the source is still open.
    const { readable, cancelled } = sourceOf(Array.from({ length: 20 }, (_, line) => bytesOf(`${line}\n`)));
    const reader = readable.pipeThrough(lineStream()).getReader();
    assertEqual(decoder.decode((await reader.read()).value), '0\n', 'first line');
    const reason = new Error('consumer gone');
    await reader.cancel(reason);
    assert((await cancelled) === reason, 'the source was cancelled with the reason');
  },

  'should error the writable side with the reason when the readable side is cancelled': async () => {
    const stage = lineStream();
    const writer = stage.writable.getWriter();
    const reason = new Error('not interested');
    await stage.readable.cancel(reason);
    await assertRejects(writer.write(bytesOf('a\n')), reason, 'write');
    await assertRejects(writer.closed, reason, 'closed');
  },

  'should error the readable side with the reason when the writable side is aborted': async () => {
    const stage = lineStream();
    const reader = stage.readable.getReader();
    const reason = new Error('producer gone');
    await stage.writable.getWriter().abort(reason);
    await assertRejects(reader.read(), reason, 'read');
  },

  'should error the readable side with the source error through pipeThrough': async () => {
    const failure = Object.assign(new Error('disk gone'), { code: 'EIO' });
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(bytesOf('a\n'));
        controller.error(failure);
      },
    });
    await assertRejects(readAll(source.pipeThrough(lineStream())), failure, 'read');
  },

  'should hold writes at the high-water mark and give the core a chunk per read': async () => {
    const core = new IdentityCore();
    const stage = new StageStream(core, { writableStrategy: { highWaterMark: 3 } });
    const writer = stage.writable.getWriter();
    assertEqual(writer.desiredSize, 3, 'desiredSize before');
    for (const text of ['a', 'b', 'c', 'd']) void writer.write(bytesOf(text));
    assertEqual(writer.desiredSize, -1, 'desiredSize after four writes');
    let ready = false;
    void writer.ready.then(() => {
      ready = true;
    });
    await settle();
    // The readable side queues nothing ahead of a read (high-water mark 0): the core waits for one.
    assertEqual([core.stats.writes, ready], [0, false], 'core writes and ready while nobody reads');
    const reader = stage.readable.getReader();
    assertEqual(decoder.decode((await reader.read()).value), 'a', 'first read');
    await settle();
    assertEqual([core.stats.writes, ready], [1, false], 'core writes and ready after one read');
    assertEqual(decoder.decode((await reader.read()).value), 'b', 'second read');
    await settle();
    assertEqual([core.stats.writes, ready], [2, true], 'core writes and ready after two reads');
    const closed = writer.close();
    for (const text of ['c', 'd']) assertEqual(decoder.decode((await reader.read()).value), text, 'read');
    assertEqual((await reader.read()).done, true, 'done');
    await closed;
  },
});

/** Lets every pending promise job and the event loop's current turn run. */
function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
