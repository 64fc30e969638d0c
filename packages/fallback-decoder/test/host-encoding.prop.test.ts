import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { resolveHostFallback } from '../src/index';

describe('resolveHostFallback properties', () => {
  it('should never throw and give null or a supported legacy encoding for any input', () => {
    const env = fc.dictionary(
      fc.constantFrom('LC_ALL', 'LC_CTYPE', 'LANG', 'HOME'),
      fc.oneof(fc.string(), fc.constantFrom('ja_JP.eucJP', 'en_US.UTF-8', 'x.', '.'), fc.anything()),
    );
    const host = fc.oneof(
      fc.record(
        {
          platform: fc.constantFrom('win32', 'linux', 'darwin'),
          env,
          windowsAnsiCodepage: fc.oneof(fc.integer(), fc.constantFrom(936, 1252, 65001)),
          windowsLocale: fc.string(),
        },
        { requiredKeys: ['platform'] },
      ),
      fc.anything(),
    );
    fc.assert(
      fc.property(host, (input) => {
        const resolved = resolveHostFallback(input as never);
        if (resolved === null) return;
        expect(iconv.encodingExists(resolved)).toBe(true);
        expect(resolved).not.toMatch(/^utf-?8$/i);
      }),
      { numRuns: propertyRuns(100) },
    );
  });
});
