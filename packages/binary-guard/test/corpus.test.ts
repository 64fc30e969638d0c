import { chunksOf } from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CONTROL_SHARE_THRESHOLD } from '../src/classify';
import { measureControlShare } from '../src/control-share';
import { buildCorpus, LEGACY_SOURCES } from './corpus';
import { runGuard } from './run-guard';

const corpus = buildCorpus();
const binaries = corpus
  .filter((sample) => sample.kind === 'binary')
  .map((sample) => [sample.name, sample] as const);
const texts = corpus
  .filter((sample) => sample.kind === 'text')
  .map((sample) => [sample.name, sample] as const);
const legacyTexts = texts.filter(([, sample]) => sample.encoding === 'legacy');

describe('BinaryGuard on the corpus', () => {
  it.each(binaries)(
    'should withhold %s with a true byte count when it is streamed',
    async (_name, sample) => {
      const { output, guard } = await runGuard(chunksOf(sample.bytes, 65_536));
      expect(guard.withheld).toBe(true);
      expect(guard.passedBytes + guard.withheldBytes).toBe(sample.bytes.length);
      // Only a slice cut from mid-file may start with printable bytes that pass.
      expect(guard.passedBytes).toBeLessThanOrEqual(64);
      expect(output.subarray(0, guard.passedBytes)).toEqual(sample.bytes.subarray(0, guard.passedBytes));
      expect(output.subarray(guard.passedBytes).toString()).toMatch(
        new RegExp(
          `^\\n?\\[binary output withheld: stdout, ${guard.withheldBytes} bytes from byte ${guard.passedBytes}, `,
        ),
      );
    },
  );

  it.each(texts)('should pass %s byte-for-byte in any chunk size and window size', async (_name, sample) => {
    for (const [chunkBytes, guardWindowBytes] of [
      [sample.bytes.length || 1, 65_536],
      [4096, 65_536],
      [1000, 1024],
      [7, 2048],
    ] as const) {
      const { output, guard } = await runGuard(chunksOf(sample.bytes, chunkBytes), { guardWindowBytes });
      expect(output).toEqual(sample.bytes);
      expect(guard.encoding).toBe(sample.encoding);
      expect(guard.withheld).toBe(false);
    }
  });

  it.each(binaries)('should measure %s well above the threshold', (_name, sample) => {
    expect(measureControlShare(sample.bytes.subarray(0, 65_536))).toBeGreaterThanOrEqual(
      2 * CONTROL_SHARE_THRESHOLD,
    );
  });

  it.each(legacyTexts)('should measure %s well below the threshold', (_name, sample) => {
    expect(measureControlShare(sample.bytes.subarray(0, 65_536))).toBeLessThan(CONTROL_SHARE_THRESHOLD / 10);
  });

  it.each(LEGACY_SOURCES.map(([sentences, encoding]) => [encoding, sentences] as const))(
    'should encode every sentence in %s without substitution',
    (encoding, sentences) => {
      for (const sentence of sentences)
        expect(iconv.decode(iconv.encode(sentence, encoding), encoding)).toBe(sentence);
    },
  );
});
