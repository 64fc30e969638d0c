import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../src/http/json-depth';

/** The nesting depth of a parsed JSON value: arrays and objects count, scalars do not. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (value !== null && typeof value === 'object')
    return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe('nestsDeeperThan', () => {
  it('should agree with the parsed value’s depth for any JSON, brackets and escapes in strings included', () => {
    const stringUnit = fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a');
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6, stringUnit }),
        fc.integer({ min: 0, max: 8 }),
        (value, limit) => {
          expect(nestsDeeperThan(JSON.stringify(value), limit)).toBe(depthOf(value) > limit);
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });

  it('should refuse 2 million levels at the first level too deep, and pass a flat body', () => {
    expect(nestsDeeperThan(`${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}`, 64)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[', b: ['\\"[[['] }), 2)).toBe(false);
  });
});
