import { defineConfig, type Options } from 'tsup';
import base from '../../tsup.base';

// The shared build, plus the CLI as a second entry (the bin); only the library entry has types.
export default defineConfig({
  ...(base as Options),
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  dts: { entry: { index: 'src/index.ts' } },
});
