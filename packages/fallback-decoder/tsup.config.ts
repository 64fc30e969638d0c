import { defineConfig, type Options } from 'tsup';
import base from '../../tsup.base';

// Three entries: `@pipeguard/fallback-decoder/core` is the runtime-free core any shell drives;
// `@pipeguard/fallback-decoder/internal` what the other packages share that is no API.
// load-iconv.ts reads import.meta.url only in the ESM build (the CJS build has __filename), so esbuild's
// warning that import.meta is empty in CJS does not apply.
export default defineConfig({
  ...(base as Options),
  entry: ['src/index.ts', 'src/core.ts', 'src/internal.ts'],
  esbuildOptions(options) {
    options.logOverride = { ...options.logOverride, 'empty-import-meta': 'silent' };
  },
});
