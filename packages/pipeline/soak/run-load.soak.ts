import { describe, it } from 'vitest';
import { checkConcurrentRuns } from '../test/load/concurrent-runs';

describe('run under load (soak)', () => {
  it('should give 200 concurrent runs with mixed output sizes correct results, leaving no descriptor or zombie behind', async () => {
    await checkConcurrentRuns(200);
  }, 300_000);
});
