import { defineConfig } from 'tsup';
import base from '../../tsup.base';

// Four entries: `@pipeguard/pipeline/core` is the preset without a runtime, for @pipeguard/web's capture;
// `@pipeguard/pipeline/options` its option and result tables alone, for the CLI and the MCP server to read
// without a stage; `@pipeguard/pipeline/internal` what the other packages share that is no API.
export default defineConfig({
  ...base,
  entry: ['src/index.ts', 'src/core.ts', 'src/options.ts', 'src/internal.ts'],
});
