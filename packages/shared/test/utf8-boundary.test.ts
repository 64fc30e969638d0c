import { describe, expect, it } from 'vitest';
import { findUtf8BoundaryBefore, skipUtf8Continuation } from '../src/index';

describe('findUtf8BoundaryBefore', () => {
  it('should back off to the start of a character cut by the index', () => {
    const bytes = Buffer.from('a€b'); // 61 e2 82 ac 62
    expect([0, 1, 2, 3, 4, 5].map((end) => findUtf8BoundaryBefore(bytes, end))).toEqual([0, 1, 1, 1, 4, 5]);
  });

  it('should cut binary bytes where asked when no lead byte announces a longer sequence', () => {
    const bytes = Buffer.from([0x80, 0x80, 0x80, 0x80, 0x00]);
    expect(findUtf8BoundaryBefore(bytes, 4)).toBe(4);
  });
});

describe('skipUtf8Continuation', () => {
  it('should skip at most three bytes of binary input', () => {
    expect(skipUtf8Continuation(Buffer.alloc(8, 0x80), 0)).toBe(3);
  });
});
