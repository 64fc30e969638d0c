import { describe, expect, it } from 'vitest';
import { countEscapeControls, measureControlShare } from '../src/control-share';

describe('measureControlShare', () => {
  it.each([
    ['CSI colour codes', 0, '\x1b[1;32mok\x1b[0m'],
    ['an OSC title ended by BEL', 0, '\x1b]0;build: café\x07done'],
    ['an OSC ended by ST', 0, '\x1b]8;;https://example.org\x1b\\link'],
    ['two-byte ESC 7 and ESC 8', 0, '\x1b7saved\x1b8'],
    ['a bare ESC before a high byte', 1, '\x1b\xe9'],
    ['an ESC at the very end', 1, 'text\x1b'],
    ['an OSC cut short by a NUL', 2, '\x1b]0;t\0\x07'],
    ['tab, LF and CR', 0, 'a\tb\nc\r\n'],
    ['NUL, BEL, BS and DEL', 4, '\0\x07\b\x7f'],
    ['C1 bytes 0x80-0x9F', 0, '\x80\x85\x93\x9f'],
  ])('should count %s as %i control bytes', (_name, controls, text) => {
    const bytes = Buffer.from(text, 'latin1');
    expect(measureControlShare(bytes)).toBeCloseTo(controls / bytes.length, 10);
  });

  it('should discount only the ESC when a stray OSC introducer appears in binary', () => {
    const bytes = Buffer.from([0x1b, 0x5d, 0x41, 0x00, 0x00, 0x07]);
    expect(countEscapeControls(bytes)).toBe(1);
  });

  it('should be 0 when the input is empty', () => {
    expect(measureControlShare(Buffer.alloc(0))).toBe(0);
  });
});
