import { nodeByteOps } from '@pipeguard/shared';
import { chunkedUtf8, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BinaryGuardCore } from '../src/core';

describe('BinaryGuardCore.classifyNow', () => {
  it('should pass, at each call, all of a UTF-8 text but a character its input cut, and the same text in all', () => {
    fc.assert(
      fc.property(chunkedUtf8(600), ({ bytes, chunks }) => {
        const guard = new BinaryGuardCore({ label: 'stdout', byteOps: nodeByteOps });
        const output: Buffer[] = [];
        const take = (piece: Uint8Array) => output.push(Buffer.from(piece));
        let written = 0;
        for (const chunk of chunks) {
          guard.write(chunk, take);
          written += chunk.length;
          guard.classifyNow(take);
          // Held back now: at most the start of a character the chunk's end cut.
          expect(written - Buffer.concat(output).length).toBeLessThan(4);
        }
        guard.end(take);
        expect(Buffer.concat(output).equals(bytes)).toBe(true);
        expect(guard.stats.passedBytes).toBe(bytes.length);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
