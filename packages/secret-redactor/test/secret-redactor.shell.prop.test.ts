import { Buffer } from 'node:buffer';
import { pipeline } from 'node:stream/promises';
import { collect, cutAt, cutsFor, feed, propertyRuns, unicodeText } from '@pipeguard/test-utils';
import { SecretRedactorStream } from '@pipeguard/web';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecretRedactor } from '../src/index';
import { redactChunks } from './redact';
import { formatSecret, jwtSecret, keyBlock, PLAIN_LINES, WRAPPERS } from './secret-samples';

const ENV = { RELEASE_API_TOKEN: 'Rel3aseT0kenValue' };

/** Text with secrets of every kind, and an environment value, in plain lines. */
const chunked = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PLAIN_LINES),
      fc
        .tuple(formatSecret, fc.constantFrom(...WRAPPERS))
        .map(([secret, wrapper]) => wrapper.replace('{}', secret.text)),
      jwtSecret.map((secret) => `Bearer ${secret.text}`),
      keyBlock.map(([template, secret]) => template.replace('{}', secret.text)),
      fc.constant(`echo ${ENV.RELEASE_API_TOKEN} ${Buffer.from(ENV.RELEASE_API_TOKEN).toString('base64')}`),
      unicodeText(60),
    ),
    { maxLength: 10 },
  )
  .map((lines) => Buffer.from(lines.join('\n')))
  .chain((bytes) => cutsFor(bytes.length).map((cuts) => cutAt(bytes, cuts)));

async function throughWeb(chunks: Buffer[], stream: SecretRedactorStream): Promise<Buffer> {
  const readable = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
      controller.close();
    },
  }).pipeThrough(stream);
  const out: Buffer[] = [];
  for await (const piece of readable as unknown as AsyncIterable<Uint8Array>) out.push(Buffer.from(piece));
  return Buffer.concat(out);
}

describe('SecretRedactor and SecretRedactorStream, the shells over SecretRedactorCore', () => {
  it('should emit what the core emits, Node and Web alike, with the same stats and source offsets', async () => {
    await fc.assert(
      fc.asyncProperty(chunked, fc.constantFrom(256, 4096), async (chunks, maxHoldBytes) => {
        const fromCore = redactChunks(chunks, { env: ENV, maxHoldBytes });
        const node = new SecretRedactor({ env: ENV, maxHoldBytes });
        const [, nodePieces] = await Promise.all([pipeline(feed(chunks), node), collect<Buffer>(node)]);
        const fromNode = Buffer.concat(nodePieces);
        const web = new SecretRedactorStream({ env: ENV, maxHoldBytes });
        const fromWeb = await throughWeb(chunks, web);
        expect(fromNode.toString('hex')).toBe(fromCore.output.toString('hex'));
        expect(fromWeb.toString('hex')).toBe(fromNode.toString('hex'));
        expect(node.stats).toEqual(fromCore.stats);
        expect(web.stats).toEqual(node.stats);
        for (let offset = 0; offset <= fromNode.length; offset += 7)
          expect(web.sourceOffsetOf(offset)).toBe(node.sourceOffsetOf(offset));
      }),
      { numRuns: propertyRuns(60) },
    );
  });

  it('should give the same output Node and Web for bytes that are not ASCII (0x80–0x9F included)', async () => {
    const bytes = Buffer.from([
      0x80,
      0x9f,
      0xff,
      0x41,
      0x3d,
      0x0a,
      ...Buffer.from(`k=ghp_${'x1'.repeat(18)}\n`),
    ]);
    const web = await throughWeb([bytes], new SecretRedactorStream({ allow: [/^\x80/] }));
    expect(web.toString('hex')).toBe(redactChunks([bytes], { allow: [/^\x80/] }).output.toString('hex'));
  });
});
