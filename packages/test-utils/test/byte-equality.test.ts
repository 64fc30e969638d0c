import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../src/index';

/** Two byte arrays that are often equal, often one byte apart, sometimes of different lengths. */
const pair = fc
  .tuple(
    fc.uint8Array({ maxLength: 300 }),
    fc.nat(),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([bytes, at, byte, change]) => {
    const other = Uint8Array.from(bytes);
    if (change === 1 && other.length > 0) other[at % other.length] = byte;
    if (change === 2) return [bytes, other.subarray(0, Math.max(0, other.length - 1))] as const;
    return [bytes, other] as const;
  });

// toEqual on bytes goes through the suite's byte-array tester (vitest-setup.ts): it must judge as memcmp does.
describe('toEqual on byte arrays', () => {
  it('should pass exactly when the bytes are equal, for Buffers, Uint8Arrays and views into larger buffers', () => {
    fc.assert(
      fc.property(pair, fc.nat(8), ([a, b], pad) => {
        const padded = new Uint8Array(b.length + pad * 2);
        padded.set(b, pad);
        const view = padded.subarray(pad, pad + b.length);
        const same = Buffer.compare(a, b) === 0;
        for (const [left, right] of [
          [a, view],
          [Buffer.from(a), Buffer.from(view.buffer, view.byteOffset, view.length)],
          [[a], [view]],
          [{ bytes: a }, { bytes: view }],
        ] as const) {
          if (same) expect(left).toEqual(right);
          else expect(left).not.toEqual(right);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should keep vitest telling a Buffer from a Uint8Array of the same bytes', () => {
    expect(Buffer.from('ab')).not.toEqual(new Uint8Array([0x61, 0x62]));
  });
});
