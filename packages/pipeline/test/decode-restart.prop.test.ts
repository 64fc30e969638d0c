import { cutBytes, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createDecodeCores,
  type DecodeSettings,
  decodeKeptBytes,
  restartDecodeCores,
} from '../src/preset/decode-kept';
import { NODE_CHAIN_TOOLS } from '../src/preset/node-chain-tools';

/** Lines of UTF-8, Latin-1 bytes UTF-8 rejects, a long line, bare CRs and CRLFs. */
const piece = fc.constantFrom('ok\n', 'é', '\r\n', '\r', 'caf\xe9\n', 'x'.repeat(30), '€\n');
const part = cutBytes(
  fc
    .array(piece, { maxLength: 30 })
    .map((pieces) =>
      Buffer.concat(pieces.map((text) => Buffer.from(text, text.includes('\xe9') ? 'latin1' : 'utf8'))),
    ),
);
const settings: fc.Arbitrary<DecodeSettings> = fc.record({
  fallback: fc.constantFrom<string | null>(null, 'windows-1252'),
  maxUnitBytes: fc.integer({ min: 4, max: 40 }),
  maxLineBytes: fc.constantFrom<number | null>(null, 8, 64),
});
const LIMIT = { label: 'stdout', maxTextLength: 1_000_000 };

describe('restartDecodeCores()', () => {
  it('should decode each part as fresh cores do, from the same start offset, for any parts and chunkings, after a part left unended too', () => {
    fc.assert(
      fc.property(
        settings,
        fc.nat({ max: 500 }),
        fc.array(fc.tuple(part, fc.boolean()), { minLength: 1, maxLength: 5 }),
        (options, startOffset, parts) => {
          const reused = createDecodeCores(options, NODE_CHAIN_TOOLS, startOffset);
          for (const [{ bytes, parts: chunks }, abandon] of parts) {
            restartDecodeCores(reused);
            if (abandon) {
              // A decode cut short (a capture that outgrew the strings) leaves bytes held: a restart lets them go.
              for (const chunk of chunks) reused.splitter.write(chunk, () => {});
              restartDecodeCores(reused);
            }
            const fresh = createDecodeCores(options, NODE_CHAIN_TOOLS, startOffset);
            expect(decodeKeptBytes(bytes, reused, LIMIT)).toEqual(decodeKeptBytes(bytes, fresh, LIMIT));
            expect(reused.splitter.stats).toEqual(fresh.splitter.stats);
            expect(reused.clipper?.stats).toEqual(fresh.clipper?.stats);
          }
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
