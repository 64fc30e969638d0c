import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NEEDLE_SET_MIN_BYTES, NeedleSet } from '../src/needle-set';

/** Few letters, so that needles recur in the text and share their first bytes and their 3-byte ends. */
const letters = fc.constantFrom(...'ab0+/\n=');
const needleText = fc
  .array(letters, { minLength: NEEDLE_SET_MIN_BYTES, maxLength: 14 })
  .map((chars) => chars.join(''));

/** Each start in `[from, to)` where a needle fits, as the native search finds it: `kind@start`. */
function indexOfHits(text: string, needles: string[], from: number, to: number): string[] {
  const hits: string[] = [];
  for (const [index, needle] of needles.entries())
    for (let at = text.indexOf(needle, from); at !== -1 && at < to; at = text.indexOf(needle, at + 1))
      hits.push(`${index}@${at}`);
  return hits.sort();
}

describe('NeedleSet', () => {
  it('should find exactly what a native search of each needle finds, over any ranges', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(needleText, { minLength: 1, maxLength: 12 }),
        fc.array(fc.oneof(letters, fc.nat(11)), { maxLength: 300 }),
        fc.array(fc.nat(320), { maxLength: 6 }),
        (needles, parts, cuts) => {
          // Arrange: text with needles planted among letters, scanned in consecutive ranges.
          const text = parts
            .map((part) => (typeof part === 'number' ? (needles[part % needles.length] as string) : part))
            .join('');
          const bytes = Uint8Array.from(text, (char) => char.charCodeAt(0));
          const set = new NeedleSet(needles.map((needle, index) => ({ text: needle, kind: String(index) })));
          const bounds = [
            ...new Set([0, ...cuts.map((cut) => Math.min(cut, text.length)), text.length]),
          ].sort((a, b) => a - b);
          // Act
          const hits: string[] = [];
          let next = 0;
          for (let index = 1; index < bounds.length; index++)
            next = set.scan(
              bytes,
              text,
              Math.max(next, bounds[index - 1] as number),
              bounds[index] as number,
              (needle, at) => hits.push(`${needle.kind}@${at}`),
            );
          // Assert
          expect(hits.sort()).toEqual(indexOfHits(text, needles, 0, text.length));
        },
      ),
      { numRuns: propertyRuns(300), seed: 38 },
    );
  });
});
