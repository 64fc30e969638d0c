import { describe, it } from 'vitest';
import { checkBoundedWithoutNewline } from '../test/load/no-newline';

describe('the renderer under load (soak)', () => {
  it('should keep memory bounded on 1 GiB with no newline', async () => {
    await checkBoundedWithoutNewline(16 * 1024);
  }, 600_000);
});
