import { execFileSync } from 'node:child_process';
import { nodeByteOps } from '@pipeguard/shared';
import { SecretRedactorCore } from '../packages/secret-redactor/src/secret-redactor-core';
import { nearMisses } from '../packages/secret-redactor/test/secret-samples';
import { chunksOf } from './lib/inputs';

/**
 * `pnpm exec tsx bench/redacting-core-cpu.ts [rounds]`: the redactor's core alone on the near-miss and
 * clean inputs of redacting.bench.ts, against a copy of each chunk, in CPU time (`process.cpuUsage`), the
 * minimum over interleaved rounds. Wall-clock figures on a machine at load 20 vary by 10×; CPU time of
 * the same work in one process varies by a few percent, so this is what a change's effect is measured with.
 */
const root = new URL('..', import.meta.url).pathname;
const clean = execFileSync(
  'git',
  [
    'log',
    '-p',
    '56c587a',
    '--',
    ...['line-splitter', 'repeat-folder', 'fallback-decoder', 'terminal-renderer'].map(
      (name) => `packages/${name}`,
    ),
  ],
  { cwd: root, maxBuffer: 1 << 30 },
).subarray(0, 2_000_000);
const inputs = { clean: chunksOf(clean), near: chunksOf(nearMisses(2_000_000)) };
const latin1 = (bytes: Uint8Array): string => Buffer.prototype.latin1Slice.call(bytes, 0, bytes.length);

function redact(chunks: Buffer[]): number {
  const core = new SecretRedactorCore({ byteOps: nodeByteOps, latin1 });
  let bytes = 0;
  const emit = (piece: Uint8Array): void => {
    bytes += piece.length;
  };
  for (const chunk of chunks) core.write(chunk, emit);
  core.end(emit);
  return bytes;
}

function copy(chunks: Buffer[]): number {
  let bytes = 0;
  for (const chunk of chunks) bytes += Buffer.from(chunk).length;
  return bytes;
}

const runs = {
  copy: () => copy(inputs.clean),
  clean: () => redact(inputs.clean),
  near: () => redact(inputs.near),
};
const best = {
  copy: Number.POSITIVE_INFINITY,
  clean: Number.POSITIVE_INFINITY,
  near: Number.POSITIVE_INFINITY,
};
for (let round = 0; round < Number(process.argv[2] ?? 40); round++)
  for (const [name, run] of Object.entries(runs) as [keyof typeof runs, () => number][]) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    best[name] = Math.min(best[name], (used.user + used.system) / 1000);
  }
const perMB = (ms: number, bytes: number) => `${ms.toFixed(2)} ms (${((bytes / ms) * 1e-3).toFixed(0)} MB/s)`;
console.log(`Node ${process.version}, min CPU time of ${process.argv[2] ?? 40} rounds`);
console.log(`copy of the clean chunks: ${perMB(best.copy, clean.length)}`);
console.log(`core, clean ${clean.length} bytes: ${perMB(best.clean, clean.length)}`);
console.log(`core, near-misses 2000000 bytes: ${perMB(best.near, 2_000_000)}`);
console.log(
  `near-misses / clean per byte: ${(best.near / 2_000_000 / (best.clean / clean.length)).toFixed(1)}×`,
);
