import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { BinaryGuard } from '../src/index';

describe('BinaryGuard', () => {
  describe('the first lines of a stream', () => {
    it('should pass a short first line at once, before the stream ends or more arrives', async () => {
      // Arrange: a program's first line, far shorter than the 256 bytes the guard looks back over.
      const guard = new BinaryGuard();
      const seen: string[] = [];
      guard.on('data', (chunk: Buffer) => seen.push(chunk.toString()));

      // Act: write the line and let the guard examine it, without ending the stream.
      guard.write(Buffer.from('epoch 1 of 3\n'));
      await new Promise((resolve) => setImmediate(resolve));
      const beforeEnd = seen.join('');
      guard.end(Buffer.from('epoch 2 of 3\n'));
      await once(guard, 'end');

      // Assert: the first line was out before the second was written; nothing was lost.
      expect(beforeEnd).toBe('epoch 1 of 3\n');
      expect(seen.join('')).toBe('epoch 1 of 3\nepoch 2 of 3\n');
    });

    it('should hold back an unfinished first line until it is known to be text', async () => {
      const guard = new BinaryGuard();
      const seen: string[] = [];
      guard.on('data', (chunk: Buffer) => seen.push(chunk.toString()));

      guard.write(Buffer.from('ELF-like start without a line end'));
      await new Promise((resolve) => setImmediate(resolve));
      const beforeEnd = seen.join('');
      guard.end();
      await once(guard, 'end');

      expect(beforeEnd).toBe('');
      expect(seen.join('')).toBe('ELF-like start without a line end');
    });
  });
});
