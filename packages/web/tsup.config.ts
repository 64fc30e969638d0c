import { defineConfig } from 'tsup';
import base from '../../tsup.base';

// For every runtime with WHATWG streams: nothing of Node's in the output (the browser test checks it).
export default defineConfig({ ...base, platform: 'browser', target: 'es2022' });
