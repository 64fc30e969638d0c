import { describe, expect, it } from 'vitest';
import { clipLine, formatClipMarker } from '../src/clip-line';
import { decode } from './helpers/utf8';

/** Clips `text` at every cap from 0 to its length and returns what each kept. */
function keptAtEveryCap(bytes: Buffer): Buffer[] {
  return Array.from({ length: bytes.length }, (_, cap) => {
    const clip = clipLine(bytes, bytes.length, 0, cap, 1);
    return bytes.subarray(0, clip?.keptBytes);
  });
}

describe('clipLine', () => {
  it('should return undefined when the line is shorter than or exactly at the cap', () => {
    const bytes = Buffer.from('abcd');
    expect(clipLine(bytes, 4, 0, 5, 1)).toBeUndefined();
    expect(clipLine(bytes, 4, 0, 4, 1)).toBeUndefined();
  });

  it('should keep exactly the cap and name the rest by raw offset when the line is one byte over', () => {
    expect(clipLine(Buffer.from('abcde'), 5, 100, 4, 7)).toEqual({
      line: 7,
      lineBytes: 5,
      keptBytes: 4,
      omittedBytes: 1,
      omittedStart: 104,
      omittedEnd: 104,
    });
  });

  it.each([
    ['2-byte é', 'é', 2],
    ['3-byte €', '€', 3],
    ['4-byte 😀', '😀', 4],
    ['U+D7FF below the surrogates', '\u{d7ff}', 3],
    ['U+E000 above the surrogates', '\u{e000}', 3],
    ['U+FFFD', '\u{fffd}', 3],
    ['U+10000', '\u{10000}', 4],
    ['U+10FFFF', '\u{10ffff}', 4],
  ])('should back off to the start of a %s when the cap falls inside it', (_name, character, width) => {
    const bytes = Buffer.from(`ab${character}cd`);
    for (let inside = 1; inside < width; inside++) {
      const clip = clipLine(bytes, bytes.length, 10, 2 + inside, 1);
      expect(clip?.keptBytes).toBe(2);
      expect(clip?.omittedStart).toBe(12);
    }
    expect(clipLine(bytes, bytes.length, 10, 2 + width, 1)?.keptBytes).toBe(2 + width);
  });

  it('should keep only whole code points when the cap falls anywhere in combining marks and ZWJ emoji', () => {
    const bytes = Buffer.from('e\u0301 a\u0308\u0323 👩‍👩‍👧 🏳️‍🌈');
    for (const kept of keptAtEveryCap(bytes)) {
      expect(decode(kept)).not.toContain('\u{fffd}');
      expect(bytes.subarray(0, kept.length).equals(kept)).toBe(true);
    }
  });

  it('should count invalid bytes before the cut as bytes so offsets do not drift', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe, 0x80]), Buffer.from('x'.repeat(10))]);
    expect(clipLine(bytes, bytes.length, 1000, 5, 1)).toMatchObject({
      keptBytes: 5,
      omittedStart: 1005,
      omittedEnd: 1012,
    });
  });

  it('should keep nothing when even the first character is wider than the cap', () => {
    const bytes = Buffer.from('😀😀');
    expect(clipLine(bytes, 8, 0, 3, 1)).toMatchObject({ keptBytes: 0, omittedStart: 0, omittedBytes: 8 });
  });
});

describe('formatClipMarker', () => {
  it('should name both endpoints inclusively when formatting a clip', () => {
    const clip = clipLine(Buffer.alloc(7026, 0x61), 7026, 0, 6000, 1);
    expect(clip && formatClipMarker(clip)).toBe(
      '…[+1026 bytes omitted, starting at byte offset 6000 up to and including byte offset 7025]',
    );
  });

  it('should use the singular and a given ellipsis when one byte is omitted', () => {
    const clip = clipLine(Buffer.from('ab'), 2, 0, 1, 1);
    expect(clip && formatClipMarker(clip, '...')).toBe(
      '...[+1 byte omitted, starting at byte offset 1 up to and including byte offset 1]',
    );
  });
});
