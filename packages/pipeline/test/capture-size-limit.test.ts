import { Readable } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { PipelineError, pipeline } from '../src/index';
import { MAX_CAPTURE_BYTES } from '../src/preset/capture-size-limit';
import { createDecodeCores, decodeKeptBytes } from '../src/preset/decode-kept';
import { NODE_CHAIN_TOOLS } from '../src/preset/node-chain-tools';

const MiB = 1024 * 1024;

/**
 * A source of one 1 MiB buffer pushed again and again, 16 MiB past the limit in all: the stages and
 * the sink keep references to it, so a capture past the string limit costs 1 MiB, not 512 MiB.
 */
function repeatsPastTheLimit(): { source: Readable; pushed: () => number } {
  const chunk = Buffer.alloc(MiB, 'a');
  const total = MAX_CAPTURE_BYTES + 16 * MiB;
  let pushed = 0;
  const source = new Readable({
    read() {
      if (pushed >= total) {
        this.push(null);
        return;
      }
      pushed += chunk.length;
      this.push(chunk);
    },
  });
  return { source, pushed: () => pushed };
}

// Half a GiB through the chain is CPU-bound: with a worker per core and one more (vitest.config.ts) on a
// busy two-core machine it took more than the usual 30 s; a guard against a hang, not a speed check.
describe('an unbounded capture past the longest string', { timeout: 120_000 }, () => {
  it('should reject with ERR_PIPELINE_CAPTURE_TOO_LARGE as soon as maxBytes: null keeps more than a string holds', async () => {
    const { source, pushed } = repeatsPastTheLimit();
    const running = pipeline(source, { maxBytes: null, binaryGuard: false });
    const error = await running.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PipelineError);
    expect(error).toMatchObject({
      name: 'PipelineError',
      code: 'ERR_PIPELINE_CAPTURE_TOO_LARGE',
      label: 'stdout',
      limitBytes: MAX_CAPTURE_BYTES,
      message: `The stdout capture is over ${MAX_CAPTURE_BYTES} bytes, more than one JavaScript string can hold: set maxBytes (for example 1048576) to keep part of it, and spill (a directory) to keep all of it in a file`,
    });
    // It failed on its way, before the source's end.
    expect(pushed()).toBeLessThan(MAX_CAPTURE_BYTES + 16 * MiB);
  });

  it('should count a maxBytes above the limit as unbounded too', async () => {
    const { source } = repeatsPastTheLimit();
    const running = pipeline(source, { maxBytes: MAX_CAPTURE_BYTES + 1, keep: 'tail', binaryGuard: false });
    await expect(running).rejects.toMatchObject({ code: 'ERR_PIPELINE_CAPTURE_TOO_LARGE' });
  });

  it('should reject when the decoded text outgrows its limit though the kept bytes do not', async () => {
    // Each two-byte line clipped to one byte gains a marker of about 80 characters.
    const bytes = Buffer.from('ab\n'.repeat(1000));
    const cores = createDecodeCores(
      { fallback: null, maxUnitBytes: 1024, maxLineBytes: 1 },
      NODE_CHAIN_TOOLS,
    );
    expect(() => decodeKeptBytes(bytes, cores, { label: 'stderr', maxTextLength: 10_000 })).toThrow(
      expect.objectContaining({
        code: 'ERR_PIPELINE_CAPTURE_TOO_LARGE',
        label: 'stderr',
        limitBytes: 10_000,
      }),
    );
  });

  it('should count a kept head against the limit of its tail', async () => {
    const bytes = Buffer.from('line\n'.repeat(10));
    const decode = (decodedLength: number) =>
      decodeKeptBytes(
        bytes,
        createDecodeCores({ fallback: null, maxUnitBytes: 1024, maxLineBytes: null }, NODE_CHAIN_TOOLS),
        { label: 'stdout', maxTextLength: 100, decodedLength },
      );
    expect(decode(50).text).toBe('line\n'.repeat(10));
    expect(() => decode(51)).toThrow(expect.objectContaining({ code: 'ERR_PIPELINE_CAPTURE_TOO_LARGE' }));
  });
});
