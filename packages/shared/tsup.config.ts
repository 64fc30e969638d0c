import { defineConfig } from 'tsup';
import base from '../../tsup.base';

// Two entries: `@pipeguard/shared/core` is the runtime-free half a stage's core may import.
export default defineConfig({ ...base, entry: ['src/index.ts', 'src/core.ts'] });
