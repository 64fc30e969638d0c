import { defineConfig, type Options } from 'tsup';
import base from '../../tsup.base';

// Two entries: `@pipeguard/shared/core` is the runtime-free half a stage's core may import.
// require-builtin.ts reads import.meta.url only in the ESM build (the CJS build has __filename), so
// esbuild's warning that import.meta is empty in CJS does not apply.
export default defineConfig({
  ...(base as Options),
  entry: ['src/index.ts', 'src/core.ts'],
  esbuildOptions(options) {
    options.logOverride = { ...options.logOverride, 'empty-import-meta': 'silent' };
  },
});
