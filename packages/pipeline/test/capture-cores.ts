import {
  CaptureChain,
  type CaptureCores,
  type CaptureResult,
  optionKeysOf,
  type PresetOptions,
} from '../src/core';
import { NODE_CHAIN_TOOLS } from '../src/preset/node-chain-tools';

/**
 * The capture `pipeline()` composes for `chunks`, built by its chain of cores on Node's scans and codec, with
 * no stream: what the preset's properties drive, so that their runs go to the preset's logic rather than to
 * six Transforms' set-up (2.8 ms a call). That `pipeline()` gives the same capture as this chain, for any
 * bytes, chunking and options, is @pipeguard/web's captureStream property.
 */
export function captureCores(
  chunks: Iterable<Uint8Array>,
  options?: PresetOptions,
): { capture: CaptureResult<Uint8Array>; cores: CaptureCores } {
  const chain = new CaptureChain(options, optionKeysOf('core'), NODE_CHAIN_TOOLS);
  for (const chunk of chunks) chain.write(chunk);
  return { capture: chain.finish(), cores: chain.cores };
}
