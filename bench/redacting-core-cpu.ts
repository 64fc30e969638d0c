import { nodeByteOps } from '@pipeguard/shared';
import { SecretRedactorCore } from '../packages/secret-redactor/src/secret-redactor-core';
import { nearMisses } from '../packages/secret-redactor/test/secret-samples';
import { chunksOf, redactorCleanText } from './lib/inputs';
import { plantedSecrets } from './redacting.bench';

/**
 * `pnpm exec tsx bench/redacting-core-cpu.ts [rounds]`: the redactor's core alone on the near-miss and
 * clean inputs of redacting.bench.ts (clean also with a command's env of 5 secrets), against a copy of each
 * chunk, in CPU time (`process.cpuUsage`), the minimum over interleaved rounds. Wall-clock figures on a
 * machine at load 20 vary by 10×; CPU time of the same work in one process varies by a few percent, so this
 * is what a change's effect is measured with. `PIPEGUARD_REDACTOR_CORE_BASELINE=<path of another
 * secret-redactor-core.ts>` runs that core too, alternated with this one (an A/B in one process).
 */
const clean = redactorCleanText();
const dense = Buffer.from(plantedSecrets(3000).text, 'latin1');
const inputs = {
  clean: chunksOf(clean),
  near: chunksOf(nearMisses(2_000_000)),
  dense: chunksOf(dense),
};
const latin1 = (bytes: Uint8Array): string => Buffer.prototype.latin1Slice.call(bytes, 0, bytes.length);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_/+.';
let seed = 38;
/** A command's environment of 5 secrets of 40 random bytes (seeded): each adds some 35 forms to search. */
const ENV = Object.fromEntries(
  ['GITHUB_TOKEN', 'NPM_TOKEN', 'AWS_SECRET_ACCESS_KEY', 'DB_PASSWORD', 'OPENAI_API_KEY'].map((name) => [
    name,
    Array.from({ length: 40 }, () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return ALPHABET[(seed >>> 8) % ALPHABET.length];
    }).join(''),
  ]),
);

type Core = typeof SecretRedactorCore;
const cores: [string, Core][] = [['', SecretRedactorCore]];
const baseline = process.env.PIPEGUARD_REDACTOR_CORE_BASELINE;
if (baseline !== undefined)
  cores.push([' (baseline)', ((await import(baseline)) as { SecretRedactorCore: Core }).SecretRedactorCore]);

function redact(Redactor: Core, chunks: Buffer[], env: Record<string, string> = {}): number {
  const core = new Redactor({ byteOps: nodeByteOps, latin1, env });
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

const runs: Record<string, () => number> = { copy: () => copy(inputs.clean) };
for (const [suffix, Redactor] of cores) {
  runs[`clean${suffix}`] = () => redact(Redactor, inputs.clean);
  runs[`env${suffix}`] = () => redact(Redactor, inputs.clean, ENV);
  runs[`near${suffix}`] = () => redact(Redactor, inputs.near);
  runs[`dense${suffix}`] = () => redact(Redactor, inputs.dense);
}
const best: Record<string, number> = {};
const rounds = Number(process.argv[2] ?? 40);
for (let round = 0; round < rounds; round++)
  for (const [name, run] of Object.entries(runs)) {
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, (used.user + used.system) / 1000);
  }
const perMB = (ms: number, bytes: number) => `${ms.toFixed(2)} ms (${((bytes / ms) * 1e-3).toFixed(0)} MB/s)`;
console.log(`Node ${process.version}, min CPU time of ${rounds} rounds`);
console.log(`copy of the clean chunks: ${perMB(best.copy as number, clean.length)}`);
for (const [suffix] of cores) {
  const [cleanMs, envMs, nearMs, denseMs] = ['clean', 'env', 'near', 'dense'].map(
    (name) => best[`${name}${suffix}`] as number,
  );
  console.log(`core${suffix}, clean ${clean.length} bytes: ${perMB(cleanMs as number, clean.length)}`);
  console.log(`core${suffix}, clean with an env of 5 secrets: ${perMB(envMs as number, clean.length)}`);
  console.log(`core${suffix}, near-misses 2000000 bytes: ${perMB(nearMs as number, 2_000_000)}`);
  console.log(
    `core${suffix}, 3000 planted secrets, ${dense.length} bytes: ${perMB(denseMs as number, dense.length)}`,
  );
  console.log(
    `core${suffix}, near-misses / clean per byte: ${((nearMs as number) / 2_000_000 / ((cleanMs as number) / clean.length)).toFixed(1)}×`,
  );
}
