import { defineConfig } from 'tsup';
import base from '../../tsup.base';

// Two entries: `@pipeguard/terminal-renderer/core` is the runtime-free renderer a shell for any runtime drives.
export default defineConfig({ ...base, entry: ['src/index.ts', 'src/core.ts'] });
