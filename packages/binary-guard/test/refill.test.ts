import { chunksOf, writeFromOneBuffer } from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { BinaryGuard } from '../src/index';
import { prose, seededBytes } from './corpus';
import { runGuard } from './run-guard';

const WINDOW = 1024;
// Longer than the 44 bytes an unterminated tail needs in a legacy stream.
const TRAILER = 'a trailer without a line feed, long enough to pass at the end';

/**
 * A stream that takes the guard down every path that holds bytes between writes: UTF-8 chunks that end
 * inside characters and near escape sequences (carried bytes), a cp1251 part (pending chunks filling a
 * window), binary whose windows straddle chunks (a withheld run's windows), UTF-8 after it (the clean
 * tail of the last binary window resumed with the text) and binary that ends in an unterminated clean
 * line (the tail resumed at the end).
 */
const STREAM = Buffer.concat([
  Buffer.from(prose(['Zoë’s café 🚀 \x1b[32mok\x1b[39m', '東京の天気は晴れ。', 'plain words'], 3000)),
  iconv.encode(prose(['Всё смешалось в доме Облонских.', 'Ошибка: файл не найден.'], 3000), 'cp1251'),
  seededBytes(3000),
  Buffer.from(prose(['Back to text: line after the binary', 'Ещё одна строка'], 3000)),
  seededBytes(1500, 'second'),
  Buffer.from(TRAILER),
]);

describe('BinaryGuard and a writer that refills its buffer', () => {
  it('should give the output of chunks of their own when each write reuses one buffer, down every holding path', async () => {
    // 700-byte writes: no window (1024 bytes) starts or ends on a write's edge.
    const chunks = chunksOf(STREAM, 700);
    const expected = await runGuard(chunks, { guardWindowBytes: WINDOW });
    const guard = new BinaryGuard({ guardWindowBytes: WINDOW });
    const output = await writeFromOneBuffer(guard, chunks, (chunk) =>
      Buffer.from(chunk as Buffer).toString('hex'),
    );
    expect(output.join('')).toBe(expected.output.toString('hex'));
    expect(guard.stats).toEqual(expected.guard.stats);
    // The stream took every path: legacy windows, two runs, text resumed after each.
    expect(guard.stats).toMatchObject({ withheldRunCount: 2, encoding: 'legacy' });
    expect(guard.verdicts.legacy).toBeGreaterThan(1);
    expect(expected.output.toString('latin1')).toContain('Back to text');
    expect(expected.output.toString('latin1').endsWith(TRAILER)).toBe(true);
  });
});
