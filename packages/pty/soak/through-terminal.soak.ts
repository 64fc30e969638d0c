import { describe, it } from 'vitest';
import { checkBoundedThroughTerminal } from '../test/load/through-terminal';

describe('the terminal under load (soak)', () => {
  it('should carry 1 GiB through the terminal with bounded memory', async () => {
    await checkBoundedThroughTerminal(1024 ** 3, 100 * 1024 ** 2);
  }, 600_000);
});
