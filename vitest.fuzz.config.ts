import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// `pnpm test:fuzz`: every property test (and only those) with PIPEGUARD_FUZZ_RUNS runs each, read by
// `propertyRuns` in @pipeguard/test-utils; CI keeps each property's fixed count through `pnpm test`.
const FUZZ_RUNS = process.env['PIPEGUARD_FUZZ_RUNS'] ?? '10000';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['packages/*/test/**/*.prop.test.ts'],
    env: { PIPEGUARD_FUZZ_RUNS: FUZZ_RUNS },
    // One property's 10 000 runs are one test: it gets the suite's bound, not a test's usual 30 s (a
    // property with a longer CI timeout of its own drops it here: see propertyTimeout).
    testTimeout: 600_000,
    // Every core: vitest's default is one worker fewer than the cores (one on a two-core machine), which
    // leaves a core idle while a file's properties run; each file is CPU-bound in its own worker.
    maxWorkers: availableParallelism(),
  },
});
