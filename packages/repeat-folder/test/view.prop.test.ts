import { nodeByteOps } from '@pipeguard/shared';
import { cutBytes, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RepeatFolderCore } from '../src/core';

const lines = fc
  .array(fc.constantFrom('x\n', 'x\n', 'y\n', 'x', 'long line\n'), { maxLength: 40 })
  .map((pieces) => Buffer.from(pieces.join('')));

/** Bytes `folder` emits for `write` and `end` calls made by `act`. */
function emitted(act: (take: (piece: Uint8Array) => void) => void): Buffer {
  const output: Buffer[] = [];
  act((piece) => output.push(Buffer.from(piece)));
  return Buffer.concat(output);
}

describe('RepeatFolderCore.view', () => {
  it('should show what extra bytes then end() would emit, and change nothing the folder emits', () => {
    fc.assert(
      fc.property(cutBytes(lines), fc.constantFrom('', 'x\n', 'y', 'x'), ({ parts }, extra) => {
        const viewed = new RepeatFolderCore({ maxFoldLineBytes: 8, byteOps: nodeByteOps });
        const plain = new RepeatFolderCore({ maxFoldLineBytes: 8, byteOps: nodeByteOps });
        const fromViewed = emitted((take) => {
          for (const [index, part] of parts.entries()) {
            viewed.write(part, take);
            // A twin fed the same bytes and `extra`, then ended: what the view must show.
            const twin = new RepeatFolderCore({ maxFoldLineBytes: 8, byteOps: nodeByteOps });
            emitted((skip) => {
              for (const earlier of parts.slice(0, index + 1)) twin.write(earlier, skip);
            });
            const expected = emitted((end) => {
              twin.write(Buffer.from(extra), end);
              twin.end(end);
            });
            expect(Buffer.from(viewed.view(Buffer.from(extra))).toString()).toBe(expected.toString());
          }
          viewed.end(take);
        });
        const fromPlain = emitted((take) => {
          for (const part of parts) plain.write(part, take);
          plain.end(take);
        });
        expect(fromViewed.toString()).toBe(fromPlain.toString());
        expect(viewed.stats).toEqual(plain.stats);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
