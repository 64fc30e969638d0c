import { nodeByteOps } from '@pipeguard/shared';
import { SecretRedactorCore } from '../packages/secret-redactor/src/secret-redactor-core';
import { NEAR_MISS_PIECES } from '../packages/secret-redactor/test/secret-samples';

/**
 * `pnpm exec tsx bench/redacting-near-pieces.ts [rounds]`: what each near-miss of redacting.bench.ts costs
 * the redactor's core: each piece 20 000 times on one line, between 49 bytes of base64 that hold no anchor,
 * less the time of the filler alone, in CPU time (`process.cpuUsage`), the minimum over alternated rounds.
 */
const latin1 = (bytes: Uint8Array): string => Buffer.prototype.latin1Slice.call(bytes, 0, bytes.length);
const FILLER = ` ${'Zm9vYmFyYmF6'.repeat(4)} `;
const COUNT = 20_000;

function chunks(text: string): Buffer[] {
  const bytes = Buffer.from(text, 'latin1');
  const out: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += 65_536) out.push(bytes.subarray(start, start + 65_536));
  return out;
}

const inputs: [string, Buffer[]][] = [
  ['(filler alone)', chunks(FILLER.repeat(COUNT))],
  ...NEAR_MISS_PIECES.map((piece): [string, Buffer[]] => [piece, chunks(`${piece}${FILLER}`.repeat(COUNT))]),
];
const best = new Map<string, number>();
const rounds = Number(process.argv[2] ?? 9);
for (let round = 0; round < rounds; round++)
  for (const [name, input] of inputs) {
    const start = process.cpuUsage();
    const core = new SecretRedactorCore({ byteOps: nodeByteOps, latin1 });
    for (const chunk of input) core.write(chunk, () => {});
    core.end(() => {});
    const used = process.cpuUsage(start);
    best.set(name, Math.min(best.get(name) ?? Number.POSITIVE_INFINITY, (used.user + used.system) / 1000));
  }
const filler = (best.get('(filler alone)') as number) / COUNT;
console.log(`Node ${process.version}, min CPU time of ${rounds} rounds, ${COUNT} of each piece`);
for (const [name] of inputs.slice(1))
  console.log(
    `${JSON.stringify(name)}: ${(((best.get(name) as number) / COUNT - filler) * 1e6).toFixed(0)} ns each`,
  );
