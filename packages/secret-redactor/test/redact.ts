import { Buffer } from 'node:buffer';
import { nodeByteOps } from '@pipeguard/shared';
import { driveCore } from '@pipeguard/test-utils';
import { type RedactOptions, SecretRedactorCore } from '../src/core';

/** Node's Latin-1 view, as the Node shell gives the core. */
export const nodeLatin1 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

/** Drives a redactor core over `chunks`: each emitted array (copied), their join, and the stats. */
export function redactChunks(chunks: readonly Uint8Array[], options: RedactOptions = {}) {
  const core = new SecretRedactorCore({ ...options, byteOps: nodeByteOps, latin1: nodeLatin1 });
  const pieces = driveCore(core, chunks) as Buffer[];
  return { pieces, output: Buffer.concat(pieces), stats: core.stats, core };
}

/** The redacted text of `text` written whole. */
export function redactText(text: string, options: RedactOptions = {}): string {
  return redactChunks([Buffer.from(text)], options).output.toString();
}

/** The first 8-byte stretch of `random` that `output` shows, or null: no output may show one. */
export function leakedStretch(output: Uint8Array, random: string): string | null {
  const text = Buffer.from(output).toString('latin1');
  for (let at = 0; at + 8 <= random.length; at++) {
    const stretch = random.slice(at, at + 8);
    if (text.includes(stretch)) return stretch;
  }
  return null;
}

/** `line` written whole and in two writes cut at `cut`: each output. */
export function wholeAndCut(line: Uint8Array, cut: number, options: RedactOptions = {}) {
  return {
    whole: redactChunks([line], options).output,
    split: redactChunks([line.subarray(0, cut), line.subarray(cut)], options).output,
  };
}

/** The cuts of `line` into two writes whose output shows a stretch of `random` or is not `expected`. */
export function badCuts(
  line: Uint8Array,
  random: string,
  expected: string,
  options: RedactOptions = {},
): number[] {
  const bad: number[] = [];
  for (let cut = 1; cut < line.length; cut++) {
    const { output } = redactChunks([line.subarray(0, cut), line.subarray(cut)], options);
    if (leakedStretch(output, random) !== null || output.toString() !== expected) bad.push(cut);
  }
  return bad;
}
