import { describe, expect, it } from 'vitest';
import { formatBytes, parseBytes } from '../src/index';

describe('parseBytes', () => {
  it.each([
    ['2000', 2000],
    ['64KiB', 65536],
    ['1MiB', 1048576],
    ['1.5 MB', 1500000],
    ['2k', 2048],
    ['none', null],
    ['NONE', null],
  ])('should parse %s', (text, expected) => {
    expect(parseBytes(text)).toBe(expected);
  });

  it.each(['', '-1', '1XB', 'MiB', '0.5', '1e3'])('should reject %s', (text) => {
    expect(parseBytes(text)).toBeUndefined();
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [65536, '64 KiB'],
    [1572864, '1.5 MiB'],
    [3 * 1024 ** 3, '3 GiB'],
  ])('should format %d as %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});
