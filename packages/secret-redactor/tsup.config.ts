import { defineConfig } from 'tsup';
import base from '../../tsup.base';

// Two entries: `@pipeguard/secret-redactor/core` is the runtime-free core any shell drives.
export default defineConfig({ ...base, entry: ['src/index.ts', 'src/core.ts'] });
