import { CaptureChain, optionKeysOf, type PresetOptions } from '@pipeguard/pipeline/core';
import { SecretRedactorCore } from '@pipeguard/secret-redactor/core';
import { NODE_CHAIN_TOOLS } from '../packages/pipeline/src/preset/node-chain-tools';
import { chunksOf, MiB } from './lib/inputs';
import { cleanText } from './redacting.bench';

/**
 * `pnpm exec tsx bench/redact-chain-cpu.ts [rounds]`: what `redact: true` costs inside the capture chain
 * (the chain with it less the chain without it, `maxBytes: null` and the default 1 MiB head) against the
 * redactor's core alone on the same 64 KiB chunks of 64 MiB of secret-free `git log -p`, in memory, in CPU
 * time, the median over interleaved rounds. Equal figures mean the chain adds nothing around the core.
 */
const ROUNDS = Number(process.argv[2] ?? 7);
const block = cleanText();
const text = Buffer.alloc(64 * MiB);
for (let at = 0; at < text.length; at += block.length) block.copy(text, at);
const chunks = chunksOf(text);

function cpuOf(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const chainOf = (options: PresetOptions) => () => {
  const chain = new CaptureChain(options, optionKeysOf('core'), NODE_CHAIN_TOOLS);
  for (const chunk of chunks) chain.write(chunk);
  chain.finish();
};
const coreAlone = () => {
  const core = new SecretRedactorCore({
    byteOps: NODE_CHAIN_TOOLS.byteOps,
    latin1: NODE_CHAIN_TOOLS.latin1 as (bytes: Uint8Array) => string,
  });
  const drop = () => {};
  for (const chunk of chunks) core.write(chunk, drop);
  core.end(drop);
};
const contenders: [string, () => void][] = [
  ['maxBytes: null, without redact', chainOf({ maxBytes: null })],
  ['maxBytes: null, with redact', chainOf({ maxBytes: null, redact: true })],
  ['default, without redact', chainOf({})],
  ['default, with redact', chainOf({ redact: true })],
  ['the redactor core alone', coreAlone],
];
const times = contenders.map((): number[] => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [index, [, work]] of contenders.entries()) times[index]?.push(cpuOf(work));
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] as number;
const [nullOff, nullOn, headOff, headOn, core] = times.map(median) as [
  number,
  number,
  number,
  number,
  number,
];
console.log(`node ${process.version}, 64 MiB in 64 KiB chunks, ${ROUNDS} rounds, median CPU ms`);
for (const [index, [name]] of contenders.entries()) {
  console.log(`  ${name}: ${median(times[index] as number[]).toFixed(0)}`);
}
console.log(
  `  redact inside the chain, maxBytes: null: ${(nullOn - nullOff).toFixed(0)} (core alone ${core.toFixed(0)}); ratio ${(nullOff / nullOn).toFixed(2)}×`,
);
console.log(
  `  redact inside the chain, default: ${(headOn - headOff).toFixed(0)}; ratio ${(headOff / headOn).toFixed(2)}×`,
);
