import { nodeByteOps } from '@pipeguard/shared';
import { SourceOffsetMap } from '@pipeguard/shared/core';
import { cutAt, driveCoreBytes } from '@pipeguard/test-utils';
import { TerminalRendererCore, type TerminalRendererOptions, type TerminalRendererStats } from '../src/core';

/**
 * Renders `bytes` cut at `cuts` through a fresh core, without a stream: what the properties drive, so that
 * their runs go to the renderer's logic rather than to a Transform's per-write cost (the Node stage is this
 * core in a thin shell; its own tests and the shell properties cover the shell).
 */
export function renderCore(
  bytes: Uint8Array,
  options?: TerminalRendererOptions,
  cuts: readonly number[] = [],
): { output: Buffer; stats: TerminalRendererStats } {
  const core = new TerminalRendererCore(options, nodeByteOps, new SourceOffsetMap());
  const output = driveCoreBytes(core, cutAt(bytes, cuts));
  return { output, stats: { ...core.stats } };
}
