import { feed } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { pipeline } from '../src/index';

// '找不到文件，编译错误' in GBK: Shift_JIS decodes it with U+FFFD, GBK without.
const GBK_TEXT = Buffer.from('d5d2b2bbb5bdcec4bcfea3acb1e0d2ebb4edcef3', 'hex');
const filler = `${'x'.repeat(79)}\n`.repeat(200);

describe('pipeline() excerpts', () => {
  it('should decode a kept matching line as the decoder decodes the same line, fallbacks in order', async () => {
    const raw = Buffer.concat([
      Buffer.from(filler),
      Buffer.from('ERROR '),
      GBK_TEXT,
      Buffer.from(`\n${filler}`),
    ]);
    const fallback = ['shift_jis', 'gbk'];
    const whole = await pipeline(feed([raw]), { fallback, maxBytes: null });
    const bounded = await pipeline(feed([raw]), {
      fallback,
      maxBytes: 2000,
      keep: 'both',
      keepMatches: 'ERROR',
    });
    expect(whole.text).toContain('ERROR 找不到文件，编译错误\n');
    expect(bounded.keptMatchedLines).toBe(1);
    expect(bounded.text).toContain('ERROR 找不到文件，编译错误');
  });
});
