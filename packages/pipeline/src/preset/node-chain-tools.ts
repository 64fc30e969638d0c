import { iconvCodec } from '@pipeguard/fallback-decoder';
import { nodeByteOps, nodeTextOps } from '@pipeguard/shared';
import type { CaptureChainTools } from './capture-chain';
import { MAX_CAPTURE_BYTES } from './capture-size-limit';

/** What the cores run on under Node: native scans, Buffer decoding, iconv-lite, V8's string bound. */
export const NODE_CHAIN_TOOLS: CaptureChainTools = Object.freeze({
  byteOps: nodeByteOps,
  textOps: nodeTextOps,
  codec: iconvCodec,
  maxCaptureBytes: MAX_CAPTURE_BYTES,
});
