import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources, so `pnpm test` needs no build first.
    alias: [{ find: /^@pipeguard\/([a-z0-9-]+)$/, replacement: `${packagesDir}$1/src/index.ts` }],
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'examples/test/**/*.test.ts', 'bench/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
