import { readFileSync } from 'node:fs';
import type { TerminalRendererCore } from '@pipeguard/terminal-renderer/core';

/** The renderer's core class of a built `dist`. */
export type RendererCoreClass = typeof TerminalRendererCore;

/**
 * The core of each build named `name=<a build's dist directory>` (its `core.js`). A dist copied for a named
 * slot must sit where its imports resolve (under a `node_modules` of the workspace).
 */
export async function loadRendererCores(specs: readonly string[]): Promise<[string, RendererCoreClass][]> {
  const builds: [string, RendererCoreClass][] = [];
  for (const spec of specs) {
    const [name, dist] = spec.split('=') as [string, string];
    const module = (await import(`${dist}/core.js`)) as { TerminalRendererCore: RendererCoreClass };
    builds.push([name, module.TerminalRendererCore]);
  }
  return builds;
}

/** Each committed recording (bench/recordings) with its terminal's size, repeated to `size` bytes. */
export function repeatedRecordings(
  size: number,
): { name: string; cols: number; rows: number; input: Buffer }[] {
  const recordings = new URL('../recordings/', import.meta.url);
  const sizes = JSON.parse(readFileSync(new URL('recordings.json', recordings), 'utf8')) as Record<
    string,
    { cols: number; rows: number }
  >;
  return Object.entries(sizes).map(([name, { cols, rows }]) => {
    const one = readFileSync(new URL(`${name}.tty`, recordings));
    const copies = Array.from({ length: Math.ceil(size / one.length) }, () => one);
    return { name, cols, rows, input: Buffer.concat(copies).subarray(0, size) };
  });
}
