import { SecretRedactor } from '@pipeguard/secret-redactor';
import { plantedSecrets, redactToText, secretlint } from './redacting.bench';

/**
 * `pnpm exec tsx bench/redacting-dense-cpu.ts [rounds]`: the second group of redacting.bench.ts (3000
 * planted secrets of every kind among `git log -p` lines, in memory, through a `SecretRedactor` stream into
 * text) against secretlint on the same text, in CPU time (`process.cpuUsage`), the minimum over
 * alternated rounds. `PIPEGUARD_REDACTOR_BASELINE=<another build's dist/index.js>,…` alternates those
 * builds' `SecretRedactor` too.
 */
type Redactor = typeof SecretRedactor;
const { text } = plantedSecrets(3000);
const redactors: [string, Redactor][] = [['SecretRedactor', SecretRedactor]];
for (const baseline of (process.env.PIPEGUARD_REDACTOR_BASELINE ?? '').split(',').filter(Boolean))
  redactors.push([
    `SecretRedactor (${baseline})`,
    ((await import(baseline)) as { SecretRedactor: Redactor }).SecretRedactor,
  ]);

const runs: [string, () => Promise<unknown>][] = [
  ['secretlint', () => secretlint(text)],
  ...redactors.map(([name, Stage]): [string, () => Promise<unknown>] => [
    name,
    () => redactToText(text, Stage),
  ]),
];
const best = new Map<string, number>();
const rounds = Number(process.argv[2] ?? 10);
for (let round = -1; round < rounds; round++)
  for (const [name, run] of round % 2 === 0 ? runs : [...runs].reverse()) {
    const start = process.cpuUsage();
    await run();
    const used = process.cpuUsage(start);
    if (round >= 0)
      best.set(name, Math.min(best.get(name) ?? Number.POSITIVE_INFINITY, (used.user + used.system) / 1000));
  }
const base = best.get('secretlint') as number;
console.log(
  `Node ${process.version}, ${text.length} bytes, 3000 secrets, min CPU time of ${rounds} alternated rounds`,
);
for (const [name, ms] of best)
  console.log(
    `${name}: ${ms.toFixed(2)} ms (${((text.length / ms) * 1e-3).toFixed(0)} MB/s, ${(base / ms).toFixed(2)}× secretlint)`,
  );
