import { fileURLToPath } from 'node:url';
import * as web from '@pipeguard/web';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import * as pipeguardWeb from '../src/web';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('pipeguard/web (the umbrella subpath)', () => {
  it('should re-export every runtime export of @pipeguard/web as the same object', () => {
    expect(Object.keys(web)).toContain('captureStream');
    for (const [name, value] of Object.entries(web)) expect(pipeguardWeb, name).toHaveProperty(name, value);
  });

  it('should bundle from its published entry for a browser with no Node module', async () => {
    // Through package.json's exports, as a bundler resolves `pipeguard/web` in an app.
    const nodeImports: string[] = [];
    const result = await build({
      stdin: { contents: "export * from 'pipeguard/web';", resolveDir: PACKAGE_DIR, loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
      plugins: [
        {
          name: 'no-node',
          setup(builder) {
            builder.onResolve({ filter: /^(node:|readable-stream$|iconv-lite$|buffer$|events$)/ }, (args) => {
              nodeImports.push(`${args.path} (from ${args.importer})`);
              return { path: args.path, external: true };
            });
          },
        },
      ],
    });
    expect(nodeImports).toEqual([]);
    expect(result.outputFiles[0]?.text).toContain('captureStream');
  });
});
