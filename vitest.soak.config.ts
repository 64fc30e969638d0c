import { defineConfig } from 'vitest/config';
import base from './vitest.config';

/** `pnpm test:soak`: the long-running reliability tests, on demand (PIPEGUARD_SOAK_MS sets the length). */
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['packages/*/soak/**/*.soak.ts'], reporters: ['default'] },
});
