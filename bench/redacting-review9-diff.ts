import { Buffer } from 'node:buffer';
import { nodeByteOps } from '@pipeguard/shared';
import fc from 'fast-check';
import { type RedactOptions, SecretRedactorCore, TOKEN_FORMATS } from '../packages/secret-redactor/src/core';

/**
 * `PIPEGUARD_REDACTOR_CORE_BASELINE=<another build's core.js> pnpm exec tsx bench/redacting-review9-diff.ts [runs]`:
 * a differential fuzz of this source's core against another build's, aimed at what a speed change to the token
 * detectors, the URL detector, the key block's end and the tallies could alter: inputs of token prefixes and
 * bodies, `EXAMPLE` at every place, separators after every pair, webhook hosts, key blocks (open, split, one
 * after another, two redactors interleaved), env values, allow-listed values, caller kinds such as
 * `constructor`, tokens and lines longer than the hold, SGR, non-ASCII and invalid UTF-8; written whole, a byte at a time, at every split point (small
 * inputs) and at random cuts, with holds of 256, 300 and 4096 bytes. Compared: what each write emits, the
 * stats, and the source offset of every output byte. Exits 1 at the first difference, printing it.
 */
type Core = typeof SecretRedactorCore;
const baselinePath = process.env.PIPEGUARD_REDACTOR_CORE_BASELINE;
if (baselinePath === undefined) throw new Error('PIPEGUARD_REDACTOR_CORE_BASELINE is not set');
const Baseline = ((await import(baselinePath)) as { SecretRedactorCore: Core }).SecretRedactorCore;
const RUNS = Number(process.argv[2] ?? 2000);
const latin1 = (bytes: Uint8Array): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ENV_VALUE = 'Qm9vYmFyYmF6cXV4MTIz';
const ALLOWED = 'ghp_AllowedAllowedAllowedAllowedAllow1';
const OPTIONS: readonly RedactOptions[] = [
  {},
  { env: { APP_API_TOKEN: ENV_VALUE, DB_PASSWORD: 'hunter2-correct-horse' } },
  {
    allow: [ALLOWED, /^xoxb-1/],
    patterns: [
      { pattern: 'sekrit-value-1', kind: 'tostring' },
      { pattern: /zz[0-9]{6}/, kind: 'constructor' },
    ],
  },
];

const random = (alphabet: string, min: number, max: number) =>
  fc
    .array(fc.constantFrom(...alphabet), { minLength: min, maxLength: max })
    .map((chars) => Buffer.from(chars.join('')));
const ascii = (...texts: string[]) => fc.constantFrom(...texts.map((text) => Buffer.from(text, 'latin1')));

/** A token of a format with a body about as long as it wants, then perhaps `EXAMPLE` or a piece of it. */
const token = fc.constantFrom(...TOKEN_FORMATS).chain((format) => {
  const wanted = format.exactBodyBytes ?? format.minBodyBytes;
  return fc
    .tuple(
      random(format.alphabet, Math.max(0, wanted - 2), wanted + 3),
      ascii('', 'EXAMPLE', 'EXAMPL', 'xEXAMPLE', ' EXAMPLE', '_', '-'),
    )
    .map(([body, after]) => Buffer.concat([Buffer.from(format.prefix), body, after]));
});
/** An AWS access key, then a secret key nearby with `EXAMPLE` somewhere in or after it. */
const awsPair = fc
  .tuple(
    random('ABCDEFGHIJKLMNOPQRSTUVWXYZ234567', 16, 16),
    ascii(' ', ',', ' --secret ', '\n', ' '.repeat(40)),
    // 33 bytes and EXAMPLE make a 40-byte key: the one length that is a key.
    fc.oneof(random(`${ALNUM}+/`, 33, 33), random(`${ALNUM}+/`, 33, 42)),
    fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 42 })),
    ascii('EXAMPLE', 'EXAMPL', ''),
    ascii(' ', ',', ''),
  )
  .map(([id, between, secret, at, example, end]) =>
    Buffer.concat([
      Buffer.from(`AKIA${id}`),
      between,
      secret.subarray(0, at),
      example,
      secret.subarray(at),
      end,
    ]),
  );

/** A token or a line longer than the hold: withheld past a window, scanned in windows. */
const longRun = fc
  .tuple(
    fc.constantFrom('', 'ghp_', 'glpat-', 'xoxb-', 'sk-ant-', 'eyJ', 'API_TOKEN=', 'x '),
    fc.integer({ min: 64, max: 1600 }),
  )
  .map(([prefix, repeats]) => Buffer.from(`${prefix}${'aB3x'.repeat(repeats)}`));

const fragment: fc.Arbitrary<Buffer> = fc.oneof(
  { weight: 1, arbitrary: longRun },
  { weight: 8, arbitrary: token },
  { weight: 3, arbitrary: awsPair },
  { weight: 6, arbitrary: ascii(...TOKEN_FORMATS.map((format) => format.prefix)) },
  { weight: 6, arbitrary: random(ALNUM, 1, 100) },
  { weight: 2, arbitrary: random(`${ALNUM}+/=_-.`, 30, 70) },
  {
    weight: 3,
    arbitrary: ascii(
      'EXAMPLE',
      'EXAMPL',
      'XAMPLE',
      'AKIAIOSFODNN7EXAMPLE',
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    ),
  },
  { weight: 4, arbitrary: ascii('_', '-', ' ', '\n', '\r\n', '=', ':', '"', '.', '/', '@', '\t') },
  {
    weight: 3,
    arbitrary: ascii(
      'https://',
      'postgres://admin:',
      'https://hooks.slack.com/services/',
      'https://hooks.slack.com/workflows/',
      'https://hooks.slack.com/triggers/',
      'https://discord.com/api/webhooks/',
      'https://discordapp.com/api/webhooks/',
      'https://Hooks.slack.com/services/',
      'https://hooks.slack.com/',
      'hooks.slack.com/services/',
      'https://d',
      'https://h',
    ),
  },
  {
    weight: 3,
    arbitrary: ascii(
      '-----BEGIN RSA PRIVATE KEY-----\n',
      '-----BEGIN OPENSSH PRIVATE KEY-----\n',
      '-----BEGIN PGP PRIVATE KEY BLOCK-----\n',
      '-----BEGIN PRIVATE KEY-----"',
      '-----END RSA PRIVATE KEY-----',
      '-----END',
      '-----EN',
      '-----',
      '-----BEGIN ',
    ),
  },
  {
    weight: 3,
    arbitrary: ascii(
      'API_TOKEN=',
      'export DB_PASSWORD=',
      'password: ',
      '"client_secret": "',
      'aws_secret_access_key = ',
      'Authorization: Bearer ',
      'Cookie: sid=',
      'MAX_TOKENS=100',
    ),
  },
  { weight: 2, arbitrary: ascii('\x1b[1;31m', '\x1b[0m', '\x1b[K', '\x1b[01;31m\x1b[K') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      Buffer.from('é€'),
      Buffer.from([0xff]),
      Buffer.from([0xc3]),
      Buffer.from([0x80, 0x5f]),
    ),
  },
  {
    weight: 2,
    arbitrary: ascii(
      ENV_VALUE,
      Buffer.from(ENV_VALUE).toString('base64'),
      Buffer.from(ENV_VALUE).toString('hex'),
      encodeURIComponent('hunter2-correct-horse'),
      ALLOWED,
      'sekrit-value-1',
      'zz123456',
      'xoxb-1111111111111111111111111',
    ),
  },
);

const inputs = (maxFragments: number) =>
  fc.array(fragment, { minLength: 1, maxLength: maxFragments }).map((parts) => Buffer.concat(parts));

interface Run {
  writes: string[];
  stats: string;
  offsets: string;
}

function drive(Redactor: Core, chunks: readonly Uint8Array[], options: RedactOptions): Run {
  const core = new Redactor({ ...options, byteOps: nodeByteOps, latin1 });
  const writes: string[] = [];
  let emitted = 0;
  for (const chunk of chunks) {
    let out = '';
    core.write(chunk, (piece) => {
      out += latin1(piece);
    });
    writes.push(out);
    emitted += out.length;
  }
  let out = '';
  core.end((piece) => {
    out += latin1(piece);
  });
  writes.push(out);
  emitted += out.length;
  const offsets: (number | null)[] = [];
  for (let at = 0; at < emitted; at++) offsets.push(core.sourceOffsetOf(at));
  return { writes, stats: JSON.stringify(core.stats), offsets: offsets.join() };
}

/** `bytes` cut at `positions` (in any order): the pieces between consecutive cuts. */
function cuts(bytes: Buffer, positions: readonly number[]): Buffer[] {
  const bounds = [0, ...[...positions].sort((a, b) => a - b), bytes.length];
  return bounds.slice(1).map((end, index) => bytes.subarray(bounds[index], end));
}

const bytewise = (bytes: Buffer) => Array.from(bytes, (_, at) => bytes.subarray(at, at + 1));
let compared = 0;

function same(bytes: Buffer, chunks: readonly Buffer[], options: RedactOptions, label: string): void {
  const mine = drive(SecretRedactorCore, chunks, options);
  const theirs = drive(Baseline, chunks, options);
  compared++;
  const equal =
    mine.stats === theirs.stats &&
    mine.offsets === theirs.offsets &&
    mine.writes.length === theirs.writes.length &&
    mine.writes.every((write, index) => write === theirs.writes[index]);
  if (equal) return;
  console.log(`DIFFERENT (${label}) input ${JSON.stringify(bytes.toString('latin1'))}`);
  console.log(
    `chunks ${JSON.stringify(chunks.map((chunk) => chunk.length))} options ${JSON.stringify(options)}`,
  );
  console.log(`mine   ${JSON.stringify(mine)}\ntheirs ${JSON.stringify(theirs)}`);
  process.exit(1);
}

const holds = fc.constantFrom(256, 300, 4096);
const options = fc.constantFrom(...OPTIONS);
const property = (maxFragments: number, check: (bytes: Buffer, o: RedactOptions) => void) =>
  fc.assert(
    fc.property(inputs(maxFragments), holds, options, (bytes, maxHoldBytes, o) =>
      check(bytes, { ...o, maxHoldBytes }),
    ),
    { numRuns: RUNS },
  );

property(6, (bytes, o) => {
  // Every split point of a small input; every 37th of one with a long run.
  for (let at = 0; at <= bytes.length; at += bytes.length > 400 ? 37 : 1)
    same(bytes, cuts(bytes, [at]), o, `split at ${at}`);
});
console.log(`every split: ${RUNS} inputs, ${compared} comparisons`);
property(30, (bytes, o) => {
  same(bytes, [bytes], o, 'whole');
  same(bytes, bytewise(bytes), o, 'one byte per write');
});
console.log(`whole and one byte per write: ${RUNS} inputs, ${compared} comparisons`);
fc.assert(
  fc.property(
    inputs(120).chain((bytes) =>
      fc.tuple(fc.constant(bytes), fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 30 })),
    ),
    holds,
    options,
    ([bytes, positions], maxHoldBytes, o) =>
      same(bytes, cuts(bytes, positions), { ...o, maxHoldBytes }, 'random cuts'),
  ),
  { numRuns: RUNS },
);
console.log(`random cuts of long inputs: ${RUNS} inputs, ${compared} comparisons`);

// Key blocks' END carried across writes while another redactor's block is open: the empty carry is shared.
const BEGIN = Buffer.from('-----BEGIN RSA PRIVATE KEY-----\n');
const opened = inputs(30).map((bytes) => Buffer.concat([BEGIN, bytes]));
fc.assert(
  fc.property(opened, opened, holds, (first, second, maxHoldBytes) => {
    const alone = [first, second].map((bytes) =>
      drive(SecretRedactorCore, bytewise(bytes), { maxHoldBytes }),
    );
    const cores = [first, second].map(
      () => new SecretRedactorCore({ maxHoldBytes, byteOps: nodeByteOps, latin1 }),
    );
    const outs = ['', ''];
    const length = Math.max(first.length, second.length);
    for (let at = 0; at < length; at++)
      [first, second].forEach((bytes, index) => {
        if (at < bytes.length)
          (cores[index] as SecretRedactorCore).write(bytes.subarray(at, at + 1), (piece) => {
            outs[index] += latin1(piece);
          });
      });
    for (const [index, core] of cores.entries())
      core.end((piece) => {
        outs[index] += latin1(piece);
      });
    compared++;
    outs.forEach((out, index) => {
      if (out !== (alone[index] as Run).writes.join('')) {
        console.log(
          `DIFFERENT (interleaved) ${JSON.stringify(first.toString('latin1'))} ${JSON.stringify(second.toString('latin1'))}`,
        );
        process.exit(1);
      }
    });
  }),
  { numRuns: RUNS },
);
console.log(
  `two redactors interleaved a byte at a time: ${RUNS} pairs; ${compared} comparisons in all, no difference`,
);
