import { describe, expect, it } from 'vitest';
import { detectUtf16Bom, findUtf16BoundaryBefore, measureUtf16ControlShare } from '../src/utf16';

const le = (text: string) => Buffer.from(text, 'utf16le');

describe('UTF-16 helpers', () => {
  it('should detect the byte order when a BOM starts the bytes', () => {
    expect(detectUtf16Bom(Buffer.from([0xff, 0xfe, 0x41, 0]))).toBe('utf-16le');
    expect(detectUtf16Bom(Buffer.from([0xfe, 0xff, 0, 0x41]))).toBe('utf-16be');
    expect(detectUtf16Bom(Buffer.from([0xef, 0xbb, 0xbf]))).toBeNull();
    expect(detectUtf16Bom(Buffer.from([0xff]))).toBeNull();
  });

  it('should cut before a high surrogate and at an even offset when asked for a boundary', () => {
    const bytes = le('ab😀');
    expect(findUtf16BoundaryBefore(bytes, 7, 'utf-16le')).toBe(4);
    expect(findUtf16BoundaryBefore(bytes, 5, 'utf-16le')).toBe(4);
    expect(findUtf16BoundaryBefore(bytes, 8, 'utf-16le')).toBe(8);
    expect(findUtf16BoundaryBefore(le('😀').swap16(), 2, 'utf-16be')).toBe(0);
  });

  it('should reject an unpaired surrogate when the bytes are not at the end of the stream', () => {
    expect(measureUtf16ControlShare(le('a\uDC00b'), 'utf-16le', true)).toBeNull();
    expect(measureUtf16ControlShare(le('a\uD800b'), 'utf-16le', true)).toBeNull();
    expect(measureUtf16ControlShare(le('ab\uD800'), 'utf-16le', false)).toBeNull();
  });

  it('should tolerate truncation when the stream ends in a high surrogate or an odd byte', () => {
    expect(measureUtf16ControlShare(le('ab\uD800'), 'utf-16le', true)).toBe(0);
    expect(measureUtf16ControlShare(Buffer.concat([le('ab'), Buffer.from([0x41])]), 'utf-16le', true)).toBe(
      0,
    );
  });

  it('should count control code units when the text holds them', () => {
    expect(measureUtf16ControlShare(le('a\0\tb'), 'utf-16le', true)).toBe(0.25);
    expect(measureUtf16ControlShare(le('a\0\tb').swap16(), 'utf-16be', true)).toBe(0.25);
    expect(measureUtf16ControlShare(le('\u0100\u0700'), 'utf-16le', true)).toBe(0);
  });
});
