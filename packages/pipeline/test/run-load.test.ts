import { describe, it } from 'vitest';
import { checkConcurrentRuns } from './load/concurrent-runs';

describe('run under load', () => {
  it('should give 50 concurrent runs with mixed output sizes correct results, leaving no descriptor or zombie behind', async () => {
    await checkConcurrentRuns(50);
  });
});
