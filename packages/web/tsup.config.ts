import { defineConfig } from 'tsup';
import base from '../../tsup.base';

// For every runtime with WHATWG streams: nothing of Node's in the output (the browser test checks it).
// Split in both formats: each double-byte codepage's table is a chunk of its own, loaded when first named
// (tsup splits ESM by default; CJS only when asked, else the tables would be inlined into index.cjs).
// Written as UTF-8, not `\u` escapes: the tables' CJK characters take half the bytes (module scripts and
// Node read UTF-8).
export default defineConfig({
  ...base,
  platform: 'browser',
  target: 'es2022',
  splitting: true,
  esbuildOptions(options) {
    options.charset = 'utf8';
  },
});
