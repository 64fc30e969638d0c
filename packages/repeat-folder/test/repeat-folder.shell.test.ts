import { pipeline } from 'node:stream/promises';
import { nodeByteOps } from '@pipeguard/shared';
import {
  collectBytes,
  cutAt,
  cutsFor,
  driveCoreBytes,
  expectThrowingListenerFailsStream,
  feed,
  propertyRuns,
} from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RepeatFolderCore } from '../src/core';
import { RepeatFolder } from '../src/index';

const chunked = fc
  .array(fc.constantFrom('a\n', 'a\n', 'bb\n', 'é\n', 'c\r\n', 'x'.repeat(12), 'z'), { maxLength: 40 })
  .map((lines) => Buffer.from(lines.join('')))
  .chain((bytes) => cutsFor(bytes.length).map((cuts) => cutAt(bytes, cuts)));

describe('RepeatFolder, the Node shell over RepeatFolderCore', () => {
  it('should emit what the core emits, with the same stats and source offsets, for any input and chunking', async () => {
    await fc.assert(
      fc.asyncProperty(chunked, fc.integer({ min: 1, max: 16 }), async (chunks, maxFoldLineBytes) => {
        const core = new RepeatFolderCore({ maxFoldLineBytes, byteOps: nodeByteOps });
        const fromCore = driveCoreBytes(core, chunks);
        const folder = new RepeatFolder({ maxFoldLineBytes });
        const [, fromStage] = await Promise.all([pipeline(feed(chunks), folder), collectBytes(folder)]);
        expect(fromStage.toString('hex')).toBe(fromCore.toString('hex'));
        expect(folder.stats).toEqual(core.stats);
        for (let offset = 0; offset <= fromStage.length + 1; offset++)
          expect(folder.sourceOffsetOf(offset)).toBe(core.sourceOffsetOf(offset));
      }),
      { numRuns: propertyRuns(50) },
    );
  });
});

describe('RepeatFolder (a throwing listener)', () => {
  it('should fail the stream with what a data listener throws, not throw it from write()', async () => {
    await expectThrowingListenerFailsStream(new RepeatFolder());
  });
});
