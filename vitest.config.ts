import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources, so `pnpm test` needs no build first.
    alias: [
      // A package's runtime-free core (`@pipeguard/x/core`) is its src/core.ts.
      { find: /^@pipeguard\/([a-z0-9-]+)\/core$/, replacement: `${packagesDir}$1/src/core.ts` },
      { find: /^@pipeguard\/([a-z0-9-]+)\/options$/, replacement: `${packagesDir}$1/src/options.ts` },
      // What the packages share that is no API (`@pipeguard/x/internal`).
      { find: /^@pipeguard\/([a-z0-9-]+)\/internal$/, replacement: `${packagesDir}$1/src/internal.ts` },
      { find: /^@pipeguard\/([a-z0-9-]+)$/, replacement: `${packagesDir}$1/src/index.ts` },
    ],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'examples/test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    // CI also writes a JSON summary, from which .ci/run prints the plain `N passed, N failed` line.
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: '.vitest/results.json' },
    // Byte arrays compare at once in toEqual (see packages/test-utils/src/byte-equality.ts).
    setupFiles: ['packages/test-utils/src/vitest-setup.ts'],
    // Most test files spend their time waiting on the processes, terminals and servers they start, so
    // one file per core (vitest's default, less one) leaves the cores idle: one more file than cores.
    maxWorkers: availableParallelism() + 1,
    // A bound for a test that hangs, not a speed check: on a machine shared with other work (load 18 on 2
    // cores, seen in a CI run) the 100-session tests, the fault matrix's concurrent cells and the CPU-bound
    // properties took 40–90 s where they take under 10 s alone.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
