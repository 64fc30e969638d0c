import { iconvCodec } from '@pipeguard/fallback-decoder';
import { loadIconv } from '@pipeguard/fallback-decoder/internal';
import { nodeByteOps, nodeTextOps, toBuffer } from '@pipeguard/shared';
import type { CaptureChainTools } from './capture-chain';
import { MAX_CAPTURE_BYTES } from './capture-size-limit';

/** What the cores run on under Node: native scans, Buffer decoding, iconv-lite, V8's string bound. */
export const NODE_CHAIN_TOOLS: CaptureChainTools = Object.freeze({
  byteOps: nodeByteOps,
  textOps: nodeTextOps,
  // Buffer's latin1 is a plain copy: the redactor's string search runs on it.
  latin1: nodeTextOps.ascii,
  codec: iconvCodec,
  // Excerpts decode as iconv-lite's `decode` does (a BOM-aware fallback drops a leading BOM).
  excerptCodec: {
    ...iconvCodec,
    decode: (bytes: Uint8Array, encoding: string) => loadIconv().decode(toBuffer(bytes), encoding),
  },
  maxCaptureBytes: MAX_CAPTURE_BYTES,
});
