import type { Duplex } from 'node:stream';
import { expect } from 'vitest';

/**
 * Checks a Node stage against a `data` listener that throws: the error must fail the stream (an
 * `error` event) instead of escaping from `write()` into the writer's hands, as stream.pipeline()
 * and a plain PassThrough behave.
 */
export async function expectThrowingListenerFailsStream(stage: Duplex): Promise<void> {
  const boom = new Error('listener failed');
  stage.on('data', () => {
    throw boom;
  });
  const failed = new Promise((resolve) => stage.once('error', resolve));
  expect(() => stage.write(Buffer.from('a\nb\n'))).not.toThrow();
  stage.end();
  expect(await failed).toBe(boom);
}
