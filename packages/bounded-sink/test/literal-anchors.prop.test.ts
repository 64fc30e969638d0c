import { cutAt, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
});
