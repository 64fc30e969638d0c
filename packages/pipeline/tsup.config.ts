import { defineConfig } from 'tsup';
import base from '../../tsup.base';

// Two entries: `@pipeguard/pipeline/core` is the preset without a runtime, for @pipeguard/web's capture.
export default defineConfig({ ...base, entry: ['src/index.ts', 'src/core.ts'] });
