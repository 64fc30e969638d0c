import { nodeByteOps } from '@pipeguard/shared';
import { SecretRedactorCore } from '../packages/secret-redactor/src/secret-redactor-core';
import { nearMisses } from '../packages/secret-redactor/test/secret-samples';
import { chunksOf, redactorCleanText } from './lib/inputs';
import { cleanText, plantedSecrets } from './redacting.bench';

/**
 * `PIPEGUARD_REDACTOR_CORE_BASELINE=<another build's core.js> pnpm exec tsx bench/redacting-identical.ts`:
 * whether this source's core gives the same bytes, stats and source offsets as another build's on the bench's inputs (clean,
 * dense, near-misses, each in 64 KiB chunks and in chunks of 1000 and 7 bytes, with and without a command's
 * env): a speed change must not change what is redacted. Exits 1 at the first difference.
 */
type Core = typeof SecretRedactorCore;
const baselinePath = process.env.PIPEGUARD_REDACTOR_CORE_BASELINE;
if (baselinePath === undefined) throw new Error('PIPEGUARD_REDACTOR_CORE_BASELINE is not set');
const Baseline = ((await import(baselinePath)) as { SecretRedactorCore: Core }).SecretRedactorCore;
const latin1 = (bytes: Uint8Array): string => Buffer.prototype.latin1Slice.call(bytes, 0, bytes.length);
const ENV = {
  GITHUB_TOKEN: 'ghp_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2Rl',
  DB_PASSWORD: 'hunter2-correct-horse',
};

const near = nearMisses(2_000_000);
const nearLines = Buffer.from(near);
for (let at = 3000; at < nearLines.length; at += 3001) nearLines[at] = 0x0a;
const dense = Buffer.from(plantedSecrets(3000).text, 'latin1');
// Each planted secret's line behind near-misses: its anchors are then visited in a dense block.
const denseLines = dense.toString('latin1').split('\n');
const secretsAmongNearMisses = Buffer.from(
  denseLines
    .map((line, index) => `${near.toString('latin1', index * 97, index * 97 + 300)} ${line}`)
    .join('\n'),
  'latin1',
);
const inputs: Record<string, Buffer> = {
  clean: redactorCleanText(),
  'clean (bench)': cleanText().subarray(0, 2_000_000),
  near,
  'near, a line end every 3001 bytes': nearLines,
  dense,
  'secrets among near-misses': secretsAmongNearMisses,
  // Long lines, scanned in windows: every secret then lies somewhere in a window.
  // (without key blocks, which would withhold the rest of the line).
  'dense on one line': oneLine(denseLines),
  'secrets among near-misses on one line': oneLine(secretsAmongNearMisses.toString('latin1').split('\n')),
  'dense inside near-misses': Buffer.concat([
    near.subarray(0, 300_000),
    dense.subarray(0, 300_000),
    near.subarray(0, 300_000),
  ]),
};

function oneLine(lines: string[]): Buffer {
  let inBlock = false;
  const kept = lines.filter((line) => {
    if (line.includes('-----BEGIN')) inBlock = true;
    const keep = !inBlock;
    if (line.includes('-----END')) inBlock = false;
    return keep;
  });
  return Buffer.from(kept.join(' '), 'latin1');
}

function cut(bytes: Buffer, size: number): Buffer[] {
  if (size === 65536) return chunksOf(bytes);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
  return chunks;
}

function redact(Redactor: Core, chunks: Buffer[], env: Record<string, string>) {
  const core = new Redactor({ byteOps: nodeByteOps, latin1, env });
  const out: Uint8Array[] = [];
  for (const chunk of chunks) core.write(chunk, (piece) => out.push(piece.slice()));
  core.end((piece) => out.push(piece.slice()));
  const bytes = Buffer.concat(out);
  const offsets: (number | null)[] = [];
  for (let at = 0; at < bytes.length; at += 997) offsets.push(core.sourceOffsetOf(at));
  return { bytes, stats: JSON.stringify(core.stats), offsets: offsets.join() };
}

let failed = false;
for (const [name, bytes] of Object.entries(inputs))
  for (const size of [65536, 1000, 7]) {
    const input = size === 7 ? bytes.subarray(0, 200_000) : bytes;
    for (const env of [{}, ENV]) {
      const mine = redact(SecretRedactorCore, cut(input, size), env);
      const theirs = redact(Baseline, cut(input, size), env);
      const same =
        mine.bytes.equals(theirs.bytes) && mine.stats === theirs.stats && mine.offsets === theirs.offsets;
      failed ||= !same;
      console.log(
        `${same ? 'same' : 'DIFFERENT'}: ${name}, ${input.length} bytes in chunks of ${size}${Object.keys(env).length > 0 ? ', env' : ''}: ${mine.stats}`,
      );
    }
  }
process.exit(failed ? 1 : 0);
