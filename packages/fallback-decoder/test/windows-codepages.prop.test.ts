import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WINDOWS_ANSI_CODEPAGES } from '../src/index';
import { windowsAnsiCodepageOf } from '../src/windows-codepages';

// The lookup host-encoding uses is built on first use, apart from the exported table: the two must be
// the same table.
describe('windowsAnsiCodepageOf', () => {
  const tags = Object.keys(WINDOWS_ANSI_CODEPAGES);

  it('should give every entry of WINDOWS_ANSI_CODEPAGES, and nothing for any other tag', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...tags), fc.string(), fc.constantFrom('constructor', '__proto__')),
        (tag) => {
          const expected = Object.hasOwn(WINDOWS_ANSI_CODEPAGES, tag)
            ? WINDOWS_ANSI_CODEPAGES[tag]
            : undefined;
          expect(windowsAnsiCodepageOf(tag)).toBe(expected);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should keep the exported table frozen, in its documented order', () => {
    expect(Object.isFrozen(WINDOWS_ANSI_CODEPAGES)).toBe(true);
    expect(tags.slice(0, 8)).toEqual(['zh', 'zh-hans', 'zh-hant', 'zh-tw', 'zh-hk', 'zh-mo', 'ja', 'ko']);
    expect(tags.at(-1)).toBe('th');
    expect(tags).toHaveLength(85);
  });
});
