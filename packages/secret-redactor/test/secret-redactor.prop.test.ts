import { Buffer } from 'node:buffer';
import {
  chunksOf,
  cutAt,
  cutsFor,
  everySplit,
  propertyRuns,
  propertyTimeout,
  unicodeText,
} from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leakedStretch, redactChunks } from './redact';
import {
  assignmentSecret,
  formatSecret,
  jwtSecret,
  keyBlock,
  PLAIN_LINES,
  randomOf,
  type Secret,
  structuredSecret,
  WRAPPERS,
} from './secret-samples';

const RUNS = propertyRuns(300);
// Every split point of 100 documents takes 13 s on an idle core; a loaded CI machine needs the margin.
const SPLIT_TIMEOUT = propertyTimeout(120_000);
const ENV_NAME = 'APP_API_TOKEN';

/** A planted line: the line's text, what it must read after redaction, the secret. */
interface Planted {
  line: string;
  expected: string;
  secret: Secret;
}

const padding = fc.constantFrom('', 'lorem ipsum '.repeat(3), 'x '.repeat(200));

function plant(template: string, secret: Secret, before: string, after: string): Planted {
  return {
    line: `${before}${template.replace('{}', secret.text)}${after}`,
    expected: `${before}${template.replace('{}', `[REDACTED:${secret.kind}]`)}${after}`,
    secret,
  };
}

/** The environment's secret value: a multiple of 3 bytes, so that its base64 has no padding. */
const envValues = fc
  .integer({ min: 4, max: 13 })
  .chain((thirds) => randomOf('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', thirds * 3));

/** A line that prints the environment's secret plain, base64- or hex-encoded. */
function envLine(value: string): fc.Arbitrary<Planted> {
  return fc.constantFrom('latin1', 'base64', 'hex').map((form) => {
    const text = Buffer.from(value).toString(form as BufferEncoding);
    return plant('echo {} done', { text, random: value, kind: `env:${ENV_NAME}` }, '', '');
  });
}

/** A line with one secret of any kind in any wrapper; `value` is the environment's secret. */
function plantedLine(value: string): fc.Arbitrary<Planted> {
  return fc.oneof(
    fc
      .tuple(formatSecret, fc.constantFrom(...WRAPPERS), padding, padding)
      .map(([secret, wrapper, before, after]) => plant(wrapper, secret, before, after ? ` ${after}` : '')),
    fc
      .tuple(jwtSecret, fc.constantFrom(...WRAPPERS), padding)
      .map(([secret, wrapper, before]) => plant(wrapper, secret, before, '')),
    fc
      .tuple(assignmentSecret, padding)
      .map(([[template, secret], after]) => plant(template, secret, '', after ? ` ${after}` : '')),
    structuredSecret.map(([template, secret]) => plant(template, secret, '', '')),
    keyBlock.map(([template, secret]) => plant(template, secret, '', '')),
    envLine(value),
  );
}

interface Document {
  bytes: Buffer;
  expected: string;
  secrets: Secret[];
  env: Record<string, string>;
}

/** A document of plain lines with planted secrets, and what it reads after redaction. */
const documents: fc.Arbitrary<Document> = envValues.chain((value) =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...PLAIN_LINES).map((line) => ({ line, expected: line })),
        plantedLine(value),
      ),
      {
        minLength: 1,
        maxLength: 12,
      },
    )
    .map((items) => ({
      bytes: Buffer.from(`${items.map((item) => item.line).join('\n')}\n`),
      expected: `${items.map((item) => item.expected).join('\n')}\n`,
      secrets: items.flatMap((item) => ('secret' in item ? [item.secret] : [])),
      env: { [ENV_NAME]: value },
    })),
);

/** A document of one planted line. */
const oneSecret: fc.Arbitrary<Document> = envValues.chain((value) =>
  plantedLine(value).map((planted) => ({
    bytes: Buffer.from(`${planted.line}\n`),
    expected: `${planted.expected}\n`,
    secrets: [planted.secret],
    env: { [ENV_NAME]: value },
  })),
);

function countsByKind(secrets: readonly Secret[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { kind } of secrets) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

function expectRedacted(document: Document, chunks: readonly Uint8Array[], maxHoldBytes: number): void {
  const { pieces, output, stats } = redactChunks(chunks, { env: document.env, maxHoldBytes });
  for (const secret of document.secrets) {
    for (const piece of pieces) expect(leakedStretch(piece, secret.random)).toBeNull();
    expect(leakedStretch(output, secret.random)).toBeNull();
  }
  expect(output.toString()).toBe(document.expected);
  expect(stats.redactions).toBe(document.secrets.length);
  expect(stats.redactionsByKind).toEqual(countsByKind(document.secrets));
  expect(stats.outputBytes).toBe(output.length);
}

describe('SecretRedactor properties', () => {
  it('should redact every planted secret exactly, whatever the chunking and the hold', () => {
    fc.assert(
      fc.property(
        documents.chain((document) => cutsFor(document.bytes.length, 24).map((cuts) => ({ document, cuts }))),
        fc.constantFrom(256, 300, 4096),
        ({ document, cuts }, maxHoldBytes) => {
          expectRedacted(document, cutAt(document.bytes, cuts), maxHoldBytes);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('should redact exactly when written one byte at a time or in chunks of random sizes', () => {
    fc.assert(
      fc.property(documents, fc.integer({ min: 1, max: 97 }), (document, size) => {
        expectRedacted(document, chunksOf(document.bytes, 1), 256);
        expectRedacted(document, chunksOf(document.bytes, size), 4096);
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });

  it(
    'should redact exactly at every split point of a one-secret document',
    () => {
      fc.assert(
        fc.property(oneSecret, (document) => {
          for (const chunks of everySplit(document.bytes)) expectRedacted(document, chunks, 256);
        }),
        { numRuns: Math.ceil(RUNS / 3) },
      );
    },
    SPLIT_TIMEOUT,
  );

  it('should give the whole input’s output and stats for any chunking of any text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            unicodeText(120),
            fc.constantFrom(...PLAIN_LINES),
            oneSecret.map((one) => one.bytes.toString()),
          ),
          {
            maxLength: 8,
          },
        ),
        fc.constantFrom(256, 4096),
        (parts, maxHoldBytes) => {
          const bytes = Buffer.from(parts.join(''));
          return fc.assert(
            fc.property(cutsFor(bytes.length, 16), (cuts) => {
              const whole = redactChunks([bytes], { maxHoldBytes });
              const chunked = redactChunks(cutAt(bytes, cuts), { maxHoldBytes });
              expect(chunked.output.toString('hex')).toBe(whole.output.toString('hex'));
              expect(chunked.stats).toEqual(whole.stats);
            }),
            { numRuns: 3 },
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('should find on a line longer than the hold what it finds in windows of the hold, whatever the writes', () => {
    // One write of the line is scanned as one view; small writes are scanned in windows of `maxHoldBytes`.
    const longLine = envValues.chain((value) =>
      fc
        .array(
          fc.oneof(
            plantedLine(value).filter((planted) => !planted.line.includes('\n')),
            fc.constantFrom(...PLAIN_LINES).map((line) => ({ line })),
            fc
              .constantFrom(
                'ghp_',
                'glpat-',
                'AKIA',
                'eyJ',
                'TOKEN=$TOKEN',
                '-----BEGIN',
                'https://u:',
                'x '.repeat(150),
              )
              .map((line) => ({ line })),
          ),
          { minLength: 4, maxLength: 24 },
        )
        .map((items) => ({
          bytes: Buffer.from(items.map((item) => item.line).join(' ')),
          env: { [ENV_NAME]: value },
        })),
    );
    fc.assert(
      fc.property(
        longLine,
        fc.constantFrom(256, 300),
        fc.integer({ min: 1, max: 97 }),
        ({ bytes, env }, maxHoldBytes, size) => {
          const whole = redactChunks([bytes], { env, maxHoldBytes });
          const chunked = redactChunks(chunksOf(bytes, size), { env, maxHoldBytes });
          expect(chunked.output.toString('hex')).toBe(whole.output.toString('hex'));
          expect(chunked.stats).toEqual(whole.stats);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('should pass text without secrets byte for byte', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(unicodeText(200), fc.constantFrom(...PLAIN_LINES)), { maxLength: 10 }),
        (parts) => {
          const bytes = Buffer.from(parts.join('\n'));
          const { output, stats } = redactChunks(chunksOf(bytes, 7), { maxHoldBytes: 256 });
          expect(output.toString('hex')).toBe(bytes.toString('hex'));
          expect(stats.redactions).toBe(0);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
