import { describeReceived } from '@pipeguard/shared/core';

/**
 * Returns `chunk` when it is a `Uint8Array` (a `Buffer`, or one from another realm such as an iframe);
 * else throws the `TypeError` Node's own streams give for a chunk of the wrong type.
 * @throws TypeError with `code` `'ERR_INVALID_ARG_TYPE'` for anything else.
 */
export function acceptBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  // `instanceof` is per realm; the tag is the same in every one (only the rare miss pays for it).
  if (ArrayBuffer.isView(chunk) && Object.prototype.toString.call(chunk) === '[object Uint8Array]') {
    return chunk as Uint8Array;
  }
  const error = new TypeError(
    `The "chunk" argument must be an instance of Uint8Array. Received ${describeReceived(chunk)}`,
  );
  throw Object.assign(error, { code: 'ERR_INVALID_ARG_TYPE' });
}
