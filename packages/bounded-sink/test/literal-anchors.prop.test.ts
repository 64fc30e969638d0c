import { cutAt, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dropSubsumed, findAnchored, planAnchors } from '../src/literal-anchors';
import { compileKeepMatches, DEFAULT_MATCH_PATTERNS } from '../src/match-patterns';
import { MatchScanner } from '../src/match-scanner';

const RUNS = propertyRuns(1000);

/** Patterns that overlap, contain one another, share needles or differ only in case. */
const pool = [
  ...DEFAULT_MATCH_PATTERNS,
  'FAILED',
  'terror',
  'rror',
  'or',
  'aba',
  'ab',
  'ERR',
  'é',
  'xxxxxxx',
  'E',
];
const word = fc.oneof(
  fc.constantFrom(...pool),
  fc.constantFrom(
    'err',
    'Err',
    'ror',
    'FA',
    'IL',
    'npm ',
    'ERR',
    '!',
    'ata',
    'x',
    ' ',
    'a',
    'b',
    'é',
    '\n',
    '\n',
  ),
  fc.string({
    unit: fc.constantFrom('a', 'b', 'e', 'r', 'o', 'E', 'R', 'F', 'A', '×', ' '),
    minLength: 1,
    maxLength: 4,
  }),
);
const patterns = fc.oneof(
  fc.subarray(pool, { minLength: 1, maxLength: 10 }),
  fc.uniqueArray(
    fc.oneof(
      fc.constantFrom(...pool),
      fc.string({ unit: fc.constantFrom('a', 'b', 'r', 'o', 'E', 'R', '×'), minLength: 1, maxLength: 5 }),
    ),
    { minLength: 1, maxLength: 6 },
  ),
);

/** Literals that share needles (`rror`, `atal`, `ERR`) and lines holding some of them. */
const family = ['error', 'Error', 'ERROR', 'npm ERR!', 'fatal', 'Fatal', 'FATAL', 'FAIL', 'terror', 'ERRx'];
const families = fc.record({
  bytes: fc
    .array(fc.constantFrom(...family, 'rror', 'ERR', 'atal', 'x', ' ', '\n', '\n'), {
      maxLength: 40,
      size: 'max',
    })
    .map((words) => Buffer.from(words.join(''))),
  literals: fc.subarray(family, { minLength: 1 }),
});

/** An input of words, and cuts placed inside the patterns' occurrences as well as anywhere. */
const cases = fc
  .tuple(fc.array(word, { maxLength: 120, size: 'max' }), patterns)
  .chain(([words, literals]) => {
    const bytes = Buffer.from(words.join(''));
    const inside = occurrences(bytes, literals)
      .filter(({ length }) => length > 1)
      .map(({ start, length }) => fc.integer({ min: start + 1, max: start + length - 1 }));
    const planted = inside.length > 0 ? fc.array(fc.oneof(...inside), { maxLength: 8 }) : fc.constant([]);
    const anywhere = fc.array(fc.nat({ max: bytes.length }), { maxLength: 8 });
    return fc.record({
      bytes: fc.constant(bytes),
      literals: fc.constant(literals),
      cuts: fc.tuple(planted, anywhere).map(([a, b]) => [...a, ...b]),
      budgetBytes: fc.nat({ max: 200 }),
      context: fc.nat({ max: 2 }),
      contextBefore: fc.nat({ max: 2 }),
    });
  });

function occurrences(bytes: Buffer, literals: readonly string[]): { start: number; length: number }[] {
  return literals.flatMap((literal) => {
    const needle = Buffer.from(literal);
    const found: { start: number; length: number }[] = [];
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1))
      found.push({ start: at, length: needle.length });
    return found;
  });
}

/** The straightforward scan: each line, each pattern, one `includes`. */
function matchingLineStarts(bytes: Buffer, literals: readonly string[]): number[] {
  const starts: number[] = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(0x0a, start);
    const line = bytes.subarray(start, end === -1 ? bytes.length : end);
    if (literals.some((literal) => line.includes(Buffer.from(literal)))) starts.push(start);
    start = end === -1 ? bytes.length : end + 1;
  }
  return starts;
}

describe('MatchScanner literal search', () => {
  it('should find exactly the lines a per-pattern includes finds, for any input, chunking and patterns', () => {
    fc.assert(
      fc.property(cases, ({ bytes, literals, cuts, budgetBytes, context, contextBefore }) => {
        // Arrange
        const found: number[] = [];
        const scanner = new MatchScanner({
          patterns: compileKeepMatches(literals) as NonNullable<ReturnType<typeof compileKeepMatches>>,
          context,
          contextBefore,
          budgetBytes,
          maxLineBytes: 16,
          activeFrom: 0,
          sourceOffsetOf: (offset) => offset,
          onMatch: (start) => found.push(start),
        });
        // Act
        for (const chunk of cutAt(bytes, cuts)) scanner.push(chunk);
        scanner.finish();
        // Assert
        expect(found).toEqual(matchingLineStarts(bytes, literals));
      }),
      { numRuns: RUNS },
    );
  });

  it('should find the first line holding a literal, whatever rarity and absent bytes plan the anchors', () => {
    const rarities = fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 256, maxLength: 256 });
    // Bytes taken for absent share one-byte anchors, whether or not the text holds them.
    const absentBytes = fc.subarray([...new Set(Buffer.from(family.join('')))]);
    fc.assert(
      fc.property(families, rarities, absentBytes, fc.nat(), ({ bytes, literals }, rarity, absent, start) => {
        // Arrange
        const kept = dropSubsumed(literals.map((literal) => Buffer.from(literal)));
        const anchors = planAnchors(
          kept,
          (byte) => rarity[byte] as number,
          (byte) => absent.includes(byte),
        );
        const from = bytes.length === 0 ? 0 : start % bytes.length;
        // lastIndexOf takes a negative offset from the end: the first byte's line starts at 0.
        const lineOf = (at: number) => (at <= 0 ? at : bytes.lastIndexOf(0x0a, at - 1) + 1);
        const expected = Math.min(
          ...literals.map((literal) => bytes.indexOf(Buffer.from(literal), from)).filter((at) => at !== -1),
        );
        // Act
        const found = anchors.map((anchor) => findAnchored(bytes, anchor, from)).filter((at) => at !== -1);
        // Assert
        expect(lineOf(found.length === 0 ? -1 : Math.min(...found))).toBe(
          lineOf(Number.isFinite(expected) ? expected : -1),
        );
        for (const at of found)
          expect(kept.some((literal) => bytes.subarray(at).subarray(0, literal.length).equals(literal))).toBe(
            true,
          );
      }),
      { numRuns: RUNS },
    );
  });
});
