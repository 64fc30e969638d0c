import { describe, expect, it } from 'vitest';
import { countControlBytes, findControlByte, isControlByte } from '../src/index';

describe('countControlBytes', () => {
  it('should count C0 controls and DEL but not tab, LF, CR or bytes 0x80-0x9F', () => {
    const controls = [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f, 0x7f];
    const layout = [0x09, 0x0a, 0x0d, 0x20, 0x41, 0x80, 0x85, 0x9f, 0xa0, 0xff];
    expect(countControlBytes(Buffer.from([...controls, ...layout]))).toBe(controls.length);
    expect(layout.some(isControlByte)).toBe(false);
  });

  it('should count and find only inside the given range', () => {
    expect(countControlBytes(Buffer.from([0, 0, 0x41, 0]), 1, 3)).toBe(1);
    expect(findControlByte(Buffer.from([0, 0x41, 0x41, 0x41, 0x41, 0x41, 0]), 1, 6)).toBe(6);
  });
});
