import { Buffer } from 'node:buffer';
import { nodeByteOps } from '@pipeguard/shared';
import { cutAt, cutsFor, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type RedactOptions, SecretRedactorCore, TOKEN_FORMATS, type TokenFormat } from '../src/core';
import { leakedStretch, nodeLatin1, redactChunks } from './redact';
import { keyBlock, randomOf } from './secret-samples';

// The detectors, the key block's end and the tallies that issue 38's speed work rewrote, attacked at their
// edges: `EXAMPLE` at each place around a token, the byte before a separated prefix, webhook hosts, a key
// block's END cut anywhere while another redactor's block is open, and the counts of caller-named kinds.
const RUNS = propertyRuns(1000);
const EXAMPLE = 'EXAMPLE';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const WORD = new Set(`${ALNUM}_`);

/** Surroundings that neither name a secret nor end a token: bare, SGR, non-ASCII and invalid UTF-8. */
const SURROUNDINGS: readonly [before: Buffer, after: Buffer][] = [
  [Buffer.from(''), Buffer.from('')],
  [Buffer.from('\x1b[1;31m'), Buffer.from('\x1b[0m')],
  [Buffer.from('é '), Buffer.from(' €')],
  [Buffer.from([0xff, 0x20]), Buffer.from([0x20, 0xc3])],
  [Buffer.from('+  const client = new Client("'), Buffer.from('");')],
];

const bytewise = (bytes: Uint8Array) => Array.from(bytes, (_, at) => bytes.subarray(at, at + 1));

/** Redacts `bytes` whole, a byte at a time and at `cuts`: each must give `expected`, no chunk a stretch of `random`. */
function expectEveryChunking(
  bytes: Buffer,
  cuts: readonly number[],
  expected: Buffer,
  random: string | null,
  options: RedactOptions = {},
) {
  for (const chunks of [[bytes], bytewise(bytes), cutAt(bytes, cuts)]) {
    const { pieces, output, stats } = redactChunks(chunks, options);
    expect(output.toString('latin1')).toBe(expected.toString('latin1'));
    expect(stats.outputBytes).toBe(output.length);
    if (random !== null)
      for (const piece of [...pieces, output]) expect(leakedStretch(piece, random)).toBeNull();
  }
}

/** Formats whose body may hold `EXAMPLE` and whose body has no check of its own. */
const EXAMPLE_FORMATS = TOKEN_FORMATS.filter(
  (format) => format.bodyCheck === undefined && [...EXAMPLE].every((char) => format.alphabet.includes(char)),
);
const SEPARATED_FORMATS = TOKEN_FORMATS.filter(
  (format) => format.bodyCheck === undefined && /[_-]/.test(format.prefix),
);
const wantedOf = (format: TokenFormat) => format.exactBodyBytes ?? format.minBodyBytes;

describe('SecretRedactor at the edges of the reworked detectors (review of issue 38 speed work)', () => {
  it('should pass a token whose EXAMPLE starts within its shortest body, and redact it whole after that', () => {
    const example = fc.constantFrom(...EXAMPLE_FORMATS).chain((format) => {
      const wanted = wantedOf(format);
      const extra = format.exactBodyBytes === undefined ? 12 : 0;
      return fc.record({
        format: fc.constant(format),
        body: randomOf(format.alphabet.replace(/[EXAMPLE]/g, ''), wanted, wanted + extra),
        at: fc.nat(),
        surrounding: fc.constantFrom(...SURROUNDINGS),
        cuts: cutsFor(wanted + 60, 6),
      });
    });
    fc.assert(
      fc.property(example, ({ format, body, at, surrounding: [before, after], cuts }) => {
        const offset = at % (body.length - EXAMPLE.length + 1);
        const withExample = `${body.slice(0, offset)}${EXAMPLE}${body.slice(offset + EXAMPLE.length)}`;
        const token = Buffer.from(`${format.prefix}${withExample}`);
        const bytes = Buffer.concat([before, token, after, Buffer.from('\n')]);
        // The check reads `[start, end + 7)`, `end` the end of the shortest body: EXAMPLE from there on is body.
        const example = offset <= wantedOf(format);
        const marker = Buffer.from(`[REDACTED:${format.kind}]`);
        const expected = example ? bytes : Buffer.concat([before, marker, after, Buffer.from('\n')]);
        expectEveryChunking(bytes, cuts, expected, example ? null : withExample);
      }),
      { numRuns: RUNS },
    );
  });

  it('should find a separated prefix at the input’s start or after any byte but a word byte', () => {
    const byte = fc.integer({ min: 0, max: 255 });
    const separated = fc.record({
      format: fc.constantFrom(...SEPARATED_FORMATS),
      // Nothing before (the prefix's separator then sits at its own offset in the first view), a byte, or ` ` and a byte.
      before: fc.oneof(
        fc.constant([]),
        byte.map((one) => [one]),
        byte.map((one) => [0x20, one]),
      ),
      salt: fc.nat(),
      cuts: cutsFor(200, 6),
    });
    fc.assert(
      fc.property(separated, ({ format, before, salt, cuts }) => {
        const wanted = wantedOf(format);
        // A body that cannot spell EXAMPLE nor another prefix's start: digits and a few letters in turn.
        const alphabet = [...format.alphabet].filter((char) => /[0-9a-d]/.test(char));
        const body = Array.from(
          { length: wanted },
          (_, at) => alphabet[(salt + at * 7) % alphabet.length],
        ).join('');
        const bytes = Buffer.concat([Buffer.from(before), Buffer.from(`${format.prefix}${body} \n`)]);
        const last = before.at(-1);
        const found = last === undefined || !WORD.has(String.fromCharCode(last));
        const marker = Buffer.from(`[REDACTED:${format.kind}]`);
        const expected = found ? Buffer.concat([Buffer.from(before), marker, Buffer.from(' \n')]) : bytes;
        expectEveryChunking(bytes, cuts, expected, found ? body : null);
      }),
      { numRuns: RUNS },
    );
  });

  it('should redact a webhook URL’s path of 20 bytes or more, and only under its exact host', () => {
    const hooks = fc.record({
      host: fc.constantFrom<[string, string | null]>(
        ['hooks.slack.com/services/', 'slack-webhook'],
        ['hooks.slack.com/workflows/', 'slack-webhook'],
        ['hooks.slack.com/triggers/', 'slack-webhook'],
        ['discord.com/api/webhooks/', 'discord-webhook'],
        ['discordapp.com/api/webhooks/', 'discord-webhook'],
        ['Hooks.slack.com/services/', null],
        ['Discord.com/api/webhooks/', null],
        ['hooks.slack.com/service/', null],
        ['dhooks.slack.com/services/', null],
      ),
      path: randomOf(`${ALNUM}/_-`, 0, 60),
      surrounding: fc.constantFrom(...SURROUNDINGS),
      cuts: cutsFor(120, 6),
    });
    fc.assert(
      fc.property(hooks, ({ host: [host, kind], path, surrounding: [before, after], cuts }) => {
        const url = Buffer.from(`https://${host}`);
        const bytes = Buffer.concat([
          before,
          url,
          Buffer.from(path),
          Buffer.from(' '),
          after,
          Buffer.from('\n'),
        ]);
        const found = kind !== null && path.length >= 20;
        const marker = Buffer.from(`[REDACTED:${kind}]`);
        const rest = Buffer.concat([Buffer.from(' '), after, Buffer.from('\n')]);
        const expected = found ? Buffer.concat([before, url, marker, rest]) : bytes;
        expectEveryChunking(bytes, cuts, expected, found ? path : null);
      }),
      { numRuns: RUNS },
    );
  });

  it('should withhold key blocks whole when two redactors take their bytes in turn, one byte at a time', () => {
    const blocks = fc.array(keyBlock, { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(blocks, blocks, fc.boolean(), (first, second, openAtEnd) => {
        const documents = [first, second].map((list, index) => {
          const text = list.map(([template, secret]) => `${template.replace('{}', secret.text)}\n`).join('');
          const expected = list
            .map(([template, secret]) => `${template.replace('{}', `[REDACTED:${secret.kind}]`)}\n`)
            .join('');
          // The second document's last block may have no END: it is withheld to the end of the input.
          if (index === 1 && openAtEnd) {
            const open = '-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIDoRz6WJ8oVXb2dTJ2ZrW5Nq';
            return { bytes: Buffer.from(text + open), expected: `${expected}[REDACTED:private-key]` };
          }
          return { bytes: Buffer.from(text), expected };
        });
        const cores = documents.map(
          () => new SecretRedactorCore({ maxHoldBytes: 256, byteOps: nodeByteOps, latin1: nodeLatin1 }),
        );
        const outputs = documents.map(() => [] as Buffer[]);
        const length = Math.max(...documents.map(({ bytes }) => bytes.length));
        for (let at = 0; at < length; at++)
          documents.forEach(({ bytes }, index) => {
            if (at < bytes.length)
              cores[index]?.write(bytes.subarray(at, at + 1), (piece) =>
                outputs[index]?.push(Buffer.from(piece)),
              );
          });
        for (const [index, core] of cores.entries())
          core.end((piece) => outputs[index]?.push(Buffer.from(piece)));
        documents.forEach(({ expected }, index) => {
          expect(Buffer.concat(outputs[index] ?? []).toString()).toBe(expected);
        });
        for (const [, secret] of [...first, ...second])
          for (const output of outputs)
            for (const piece of output) expect(leakedStretch(piece, secret.random)).toBeNull();
      }),
      { numRuns: RUNS },
    );
  });

  it('should count each kind exactly, keys in the order first met, caller kinds named like Object members too', () => {
    const KINDS = ['constructor', 'tostring', 'valueof', 'hasownproperty'];
    const patterns = KINDS.map((kind) => ({ pattern: `zz-${kind}-0123456789`, kind }));
    const env = { APP_API_TOKEN: 'Qm9vYmFyYmF6cXV4MTIz' };
    const secrets = fc.constantFrom(
      ...KINDS.map((kind) => [`zz-${kind}-0123456789`, kind]),
      [env.APP_API_TOKEN, 'env:APP_API_TOKEN'],
      [Buffer.from(env.APP_API_TOKEN).toString('base64'), 'env:APP_API_TOKEN'],
      [`ghp_${'aB3'.repeat(12)}`, 'github-token'],
      ['https://u:s3cr3tPassw0rd@db.internal', 'url-password'],
    );
    fc.assert(
      fc.property(fc.array(secrets, { minLength: 1, maxLength: 12 }), cutsFor(600, 10), (planted, cuts) => {
        const bytes = Buffer.from(planted.map(([text]) => `x ${text} y\n`).join(''));
        const { stats } = redactChunks(cutAt(bytes, cuts), { env, patterns });
        const counts = new Map<string, number>();
        for (const [, kind] of planted) counts.set(kind as string, (counts.get(kind as string) ?? 0) + 1);
        expect(Object.entries(stats.redactionsByKind)).toEqual([...counts]);
        expect(stats.redactions).toBe(planted.length);
        expect(Object.getPrototypeOf(stats.redactionsByKind)).toBe(Object.prototype);
      }),
      { numRuns: RUNS },
    );
  });

  const GITHUB = `ghp_${'aB3'.repeat(12)}`;
  const SLACK_PATH = 'T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX';
  it.each<[string, string, Record<string, number>]>([
    ['AKIAIOSFODNN7EXAMPLE\n', 'AKIAIOSFODNN7EXAMPLE\n', {}],
    [
      'AKIAIOSFODNN7EXAMPLF wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n',
      '[REDACTED:aws-access-key] wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n',
      { 'aws-access-key': 1 },
    ],
    // A secret key that starts with EXAMPLE is a documented shape too.
    [
      'AKIAIOSFODNN7EXAMPLF EXAMPLEwJalrXUtnFEMI/K7MDENG/bPxRfiCYzXy\n',
      '[REDACTED:aws-access-key] EXAMPLEwJalrXUtnFEMI/K7MDENG/bPxRfiCYzXy\n',
      { 'aws-access-key': 1 },
    ],
    [
      'AKIAIOSFODNN7EXAMPLF ZXAMPLEwJalrXUtnFEMI/K7MDENG/bPxRfiCYzXy\n',
      '[REDACTED:aws-access-key] [REDACTED:aws-secret-key]\n',
      { 'aws-access-key': 1, 'aws-secret-key': 1 },
    ],
    [
      'AKIAIOSFODNN7EXAMPLF wJalrXUtnFEMI/K7MDENG/bPxRfiCYzXAMPLEKEY EXAMPLE\n',
      '[REDACTED:aws-access-key] [REDACTED:aws-secret-key] EXAMPLE\n',
      { 'aws-access-key': 1, 'aws-secret-key': 1 },
    ],
    ['glpat-abcdefghij0123456789EXAMPLE\n', 'glpat-abcdefghij0123456789EXAMPLE\n', {}],
    ['glpat-abcdefghij0123456789zEXAMPLE\n', '[REDACTED:gitlab-token]\n', { 'gitlab-token': 1 }],
    [`${GITHUB} EXAMPLE\n`, '[REDACTED:github-token] EXAMPLE\n', { 'github-token': 1 }],
    [`hf_${'aB3'.repeat(11)}z\n`, '[REDACTED:huggingface-token]\n', { 'huggingface-token': 1 }],
    [`\xff${GITHUB}\n`, '\xff[REDACTED:github-token]\n', { 'github-token': 1 }],
    [`xghp_${'aB3'.repeat(12)}\n`, `xghp_${'aB3'.repeat(12)}\n`, {}],
    [`_ghp_${'aB3'.repeat(12)}\n`, `_ghp_${'aB3'.repeat(12)}\n`, {}],
    [
      `post https://hooks.slack.com/services/${SLACK_PATH} ok\n`,
      'post https://hooks.slack.com/services/[REDACTED:slack-webhook] ok\n',
      { 'slack-webhook': 1 },
    ],
    [
      `post https://Hooks.slack.com/services/${SLACK_PATH} ok\n`,
      `post https://Hooks.slack.com/services/${SLACK_PATH} ok\n`,
      {},
    ],
    [
      'post https://discord.com/api/webhooks/123456789012345678/abcdefghijk ok\n',
      'post https://discord.com/api/webhooks/[REDACTED:discord-webhook] ok\n',
      { 'discord-webhook': 1 },
    ],
    [
      'post https://discord.com/api/webhooks/1234567890123456789 ok\n',
      'post https://discord.com/api/webhooks/1234567890123456789 ok\n',
      {},
    ],
    [
      `https://hooks.slack.com/services/${SLACK_PATH}`,
      'https://hooks.slack.com/services/[REDACTED:slack-webhook]',
      { 'slack-webhook': 1 },
    ],
    [
      'https://d:s3cr3tPassw0rd@db.internal/x\n',
      'https://d:[REDACTED:url-password]@db.internal/x\n',
      { 'url-password': 1 },
    ],
    [
      'https://h:s3cr3tPassw0rd@db.internal/x\n',
      'https://h:[REDACTED:url-password]@db.internal/x\n',
      { 'url-password': 1 },
    ],
    [
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\nafter\n' +
        '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXk\n',
      '[REDACTED:private-key]\nafter\n[REDACTED:openssh-private-key]',
      { 'private-key': 1, 'openssh-private-key': 1 },
    ],
  ])(
    'should redact %j at every split point and a byte at a time as written out',
    (input, expected, counts) => {
      const bytes = Buffer.from(input, 'latin1');
      const splits = Array.from({ length: bytes.length + 1 }, (_, at) => cutAt(bytes, [at]));
      for (const chunks of [...splits, bytewise(bytes)]) {
        const { output, stats } = redactChunks(chunks);
        expect(output.toString('latin1')).toBe(expected);
        expect(stats.redactionsByKind).toEqual(counts);
      }
    },
  );
});
