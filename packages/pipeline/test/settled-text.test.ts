import { cutAt, cutsFor, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { PassThrough } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { type PipelineOptions, pipeline, run } from '../src/index';

const RUNS = propertyRuns(200);

/** Runs `chunks` through `pipeline()` with `onSettledText`, and gives back what it handed on and the capture. */
async function settle(chunks: readonly Buffer[], options: PipelineOptions) {
  const input = new PassThrough();
  let settled = '';
  const running = pipeline(input, {
    ...options,
    onSettledText: async (text) => {
      settled += text;
    },
  });
  for (const chunk of chunks) input.write(chunk);
  input.end();
  const capture = await running;
  return { settled, capture };
}

/** Lines with legacy bytes, long lines and CRLFs, with and without a last line feed. */
const text = fc
  .array(fc.constantFrom('a', 'bc ', 'é', '\xe9', '\n', '\n', '\r\n', 'x'.repeat(40), '\u00d7'), {
    maxLength: 150,
  })
  .map((words) => Buffer.from(words.join(''), 'latin1'));

describe('pipeline() onSettledText', () => {
  it('should hand on a prefix of the capture text, decoded as the capture decodes it, whatever the chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        text.chain((bytes) =>
          fc.record({
            bytes: fc.constant(bytes),
            cuts: cutsFor(bytes.length),
            maxBytes: fc.nat({ max: bytes.length + 2 }),
            keep: fc.constantFrom('head' as const, 'both' as const, 'tail' as const),
            cutAt: fc.constantFrom('byte' as const, 'line' as const),
            maxLineBytes: fc.constantFrom(null, 8),
            fallback: fc.constantFrom(null, 'latin1'),
          }),
        ),
        async ({ bytes, cuts, ...options }) => {
          const { settled, capture } = await settle(cutAt(bytes, cuts), options);
          expect(capture.text.startsWith(settled)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('should hand on the whole lines of a full head at once, the rest of the text coming from the capture', async () => {
    const { settled, capture } = await settle([Buffer.from('aaaa\nbbbb\ncc'), Buffer.from('cc\n')], {
      maxBytes: 12,
    });
    expect(settled).toBe('aaaa\nbbbb\n');
    expect(capture.text).toBe(
      'aaaa\nbbbb\ncc\n...[stdout truncated: 3 of 15 bytes omitted; limit is 12 bytes]',
    );
  });

  it('should hand on all of an unbounded stream and keep none of it, the placeholder aside', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `line ${i}\n`).join('');
    const { settled, capture } = await settle([Buffer.from(lines), Buffer.from('last')], { maxBytes: null });
    expect(settled).toBe(`${lines}last`);
    expect(capture).toMatchObject({ text: '', keptBytes: 0, bytes: lines.length + 4, truncated: false });
  });

  it('should wait for the promise it returns before the stream goes on', async () => {
    const input = new PassThrough();
    const taken: string[] = [];
    let release: () => void = () => {};
    const running = pipeline(input, {
      maxBytes: null,
      onSettledText: (text) => {
        taken.push(text);
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    input.write('one\n');
    input.write('two\n');
    input.end();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(taken).toEqual(['one\n']);
    release();
    await new Promise<void>((resolve) => setImmediate(resolve));
    release();
    await running;
    expect(taken).toEqual(['one\n', 'two\n']);
  });

  it('should fail the run when it throws, ending the command', async () => {
    const running = run('sh', ['-c', 'echo hi; exec sleep 30'], {
      onSettledText: () => {
        throw new Error('the taker failed');
      },
    });
    await expect(running).rejects.toThrow('the taker failed');
  });

  it.each([
    [{ onSettledText: 'print' }, TypeError],
    [{ onSettledText: null }, TypeError],
  ])('should reject %j with a TypeError naming onSettledText', (options, kind) => {
    expect(() => pipeline(new PassThrough(), options as never)).toThrow(kind);
    expect(() => pipeline(new PassThrough(), options as never)).toThrow('"onSettledText"');
  });
});
