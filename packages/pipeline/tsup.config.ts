import { defineConfig } from 'tsup';
import base from '../../tsup.base';

// Three entries: `@pipeguard/pipeline/core` is the preset without a runtime, for @pipeguard/web's capture;
// `@pipeguard/pipeline/options` its option table alone, for the CLI and the MCP server to read without a stage.
export default defineConfig({ ...base, entry: ['src/index.ts', 'src/core.ts', 'src/options.ts'] });
