import { defineConfig, type Options } from 'tsup';
import base from '../../tsup.base';

// load-iconv.ts reads import.meta.url only in the ESM build (the CJS build has __filename), so esbuild's
// warning that import.meta is empty in CJS does not apply.
export default defineConfig({
  ...(base as Options),
  esbuildOptions(options) {
    options.logOverride = { ...options.logOverride, 'empty-import-meta': 'silent' };
  },
});
