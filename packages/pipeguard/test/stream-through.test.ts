import { PassThrough } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { decodeStages, streamThrough } from '../src/cli/stream-command';

describe('streamThrough (the CLI streaming an unbounded stream)', () => {
  it('should fail the stream capture() watches and its promise when the pipe errors, not throw', async () => {
    const source = new PassThrough();
    const settings = { maxLineBytes: null, fallback: null, binaryGuard: true };
    const { ended, done } = streamThrough(source, decodeStages('stdout', settings), 'stdout');
    const watched = new Promise((resolve) => ended.once('error', resolve));
    source.destroy(new Error('EIO on the pipe'));
    await expect(done).rejects.toThrow('EIO on the pipe');
    expect(await watched).toMatchObject({ message: 'EIO on the pipe' });
  });
});
