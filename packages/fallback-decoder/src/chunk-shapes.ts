import type { LineBatch, LineUnit } from '@pipeguard/line-splitter';

/** A Buffer view of the same memory, so `toString` works on a plain Uint8Array too. */
export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Whether a written chunk has the shape of a `LineBatch`; `unitCount` first, so a lazy batch builds no units. */
export function isBatch(chunk: unknown): chunk is LineBatch {
  return (
    isObject(chunk) &&
    chunk['bytes'] instanceof Uint8Array &&
    (typeof chunk['unitCount'] === 'number' || Array.isArray(chunk['units']))
  );
}

/** Whether a written chunk has the shape of a `LineUnit`. */
export function isUnit(chunk: unknown): chunk is LineUnit {
  return isObject(chunk) && chunk['bytes'] instanceof Uint8Array && typeof chunk['terminator'] === 'string';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
