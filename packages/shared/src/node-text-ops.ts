import type { TextOps } from './core/text-ops';
import { toBuffer } from './to-buffer';

/** {@link TextOps} on Node's `Buffer#toString`: latin1 is a plain copy, several times `TextDecoder` on ASCII. */
export const nodeTextOps: TextOps = Object.freeze({
  ascii: (bytes: Uint8Array) => toBuffer(bytes).toString('latin1'),
  utf8: (bytes: Uint8Array) => toBuffer(bytes).toString('utf8'),
});
