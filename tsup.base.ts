import { defineConfig } from 'tsup';

/** The one build every package shares: ESM + CJS + types from src/index.ts. */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
  platform: 'node',
});
