import { defineConfig, type Options } from 'tsup';
import base from '../../tsup.base';

// The shared build for the library, plus the server's bin as ESM only, without types.
// Both builds run at once: only the first cleans dist, and it spares the bin's files so it cannot delete them.
export default defineConfig([
  { ...(base as Options), entry: { index: 'src/index.ts' }, clean: ['!cli.js', '!cli.js.map'] },
  { ...(base as Options), entry: { cli: 'src/cli.ts' }, format: ['esm'], dts: false, clean: false },
]);
