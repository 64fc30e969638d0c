import { collectBytes, cutAt, feed } from '@pipeguard/test-utils';
import { pipeline } from 'readable-stream';
import { TerminalRenderer, type TerminalRendererOptions, type TerminalRendererStats } from '../src/index';

/** Renders `bytes` cut at `cuts` through a fresh renderer; resolves with the output and the stats. */
export async function render(
  bytes: Uint8Array,
  options?: TerminalRendererOptions,
  cuts: readonly number[] = [],
): Promise<{ output: Buffer; stats: TerminalRendererStats; renderer: TerminalRenderer }> {
  const renderer = new TerminalRenderer(options);
  // Object mode, so that an empty chunk reaches the renderer as a write of its own.
  const source = feed(cutAt(bytes, cuts));
  const collected = collectBytes(renderer);
  await new Promise<void>((resolve, reject) =>
    pipeline(source, renderer, (error) => (error ? reject(error) : resolve())),
  );
  return { output: await collected, stats: renderer.stats, renderer };
}
