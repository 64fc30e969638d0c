import { cutAt, cutsFor, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineMatch } from '../../src/session/line-match';

/** Plain output from a small alphabet (multi-byte characters included), so that a literal often matches. */
const output = fc
  .array(fc.constantFrom('a', 'b', 'é', '€', '\n', 'ab\n'), { maxLength: 60 })
  .map((parts) => Buffer.from(parts.join('')));
const literal = fc
  .array(fc.constantFrom('a', 'b', 'é', '€'), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join(''));

describe('LineMatch', () => {
  it('should answer each chunk of plain output as a search of its text from the line it began in', () => {
    fc.assert(
      fc.property(
        output.chain((bytes) => fc.tuple(fc.constant(bytes), cutsFor(bytes.length))),
        literal,
        ([bytes, cuts], match) => {
          // Arrange: the answer a decoded search gives, chunk by chunk.
          const lines = new LineMatch(match);
          let seen = Buffer.alloc(0);
          for (const chunk of cutAt(bytes, cuts)) {
            const lineStart = seen.lastIndexOf(0x0a) + 1;
            seen = Buffer.concat([seen, chunk]);
            // A chunk that ends inside a character has not shown it yet.
            const shown = new TextDecoder()
              .decode(seen.subarray(lineStart), { stream: false })
              .replace(/\uFFFD+$/, '');
            // Act and Assert
            expect(lines.add(chunk)).toBe(shown.includes(match));
          }
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});
