import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from '../../packages/web/test/runtimes/bundle';
import { runInChromium } from '../../packages/web/test/runtimes/run-in-chromium';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pageDir = fileURLToPath(new URL('../ci-log-page/', import.meta.url));
// The runtimes @pipeguard/web's checks run in: its devDependencies' own binaries.
const fromWeb = createRequire(join(root, 'packages/web/package.json'));
const packageDir = (name: string) => dirname(fromWeb.resolve(`${name}/package.json`));
const BUN = join(packageDir('bun'), 'bin', 'bun.exe');
const DENO = join(packageDir('deno'), 'deno');

/** Runs a command from the repository root, as examples/README.md says to. */
async function runFromRoot(command: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(command, args, {
    cwd: root,
    maxBuffer: 1 << 24,
    env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  return stdout;
}

describe('web examples', () => {
  it('should capture a noisy build with the agent profile when bun runs bun-capture', async () => {
    const output = await runFromRoot(BUN, ['examples/bun-capture.ts']);
    expect(output.startsWith('100%\ncompiled module 1\n')).toBe(true);
    expect(output).toContain(
      '...[stdout truncated: 427004 of 428981 rendered bytes omitted; limit is 2000 bytes; 1 of 1 matching lines kept]\n' +
        '[line 10002, byte 211695] src/app.ts:12:5 - error TS2322: Type string is not assignable to type number\n',
    );
    expect(output).toContain(
      'exit 0: read 431777 bytes, kept 1977; 3 excerpt lines, 2796 bytes of redraws rendered away',
    );
  });

  it('should withhold binary and cancel an endless command when deno runs deno-capture', async () => {
    // Deno resolves @pipeguard/web through node_modules, to the built package.
    expect(existsSync(join(root, 'packages/web/dist/index.js')), 'run pnpm build first').toBe(true);
    const output = await runFromRoot(DENO, ['run', '--allow-run', 'examples/deno-capture.ts']);
    expect(output).toContain(
      '## binary withheld (exit 0)\nheader\n\nfooter\n[binary output withheld: stdout, 20000 bytes from byte 7',
    );
    expect(output).toContain('## endless command: AbortError (ABORT_ERR) after 300 ms');
  });

  it('should render the fetched CI log as a terminal shows it when Chromium opens the page', async () => {
    // Arrange: the page as its comment says to serve it, its script bundled for a browser with no shims.
    const dir = await mkdtemp(join(tmpdir(), 'pipeguard-ci-log-page-'));
    try {
      await bundleForBrowser(join(pageDir, 'page.ts'), join(dir, 'page.js'));
      for (const file of ['index.html', 'ci.log']) await copyFile(join(pageDir, file), join(dir, file));
      // Act
      const { pipeguardPage } = await runInChromium(dir, 'index.html', ['pipeguardPage'], () => {});
      // Assert
      const { text, stats } = pipeguardPage as { text: string; stats: { bytesIn: number; bytesOut: number } };
      expect(text).toBe(
        [
          '$ npm ci',
          'downloading [####################] 100%',
          'added 412 packages in 3s',
          '$ npm test',
          'PASS parser.test.ts',
          'PASS renderer.test.ts',
          'PASS cli.test.ts',
          'FAIL e2e.test.ts',
          '  expected 200, received 500',
          'Tests: 1 failed, 3 passed, 4 total',
          '',
        ].join('\n'),
      );
      expect(stats).toMatchObject({ bytesIn: 1381, bytesOut: text.length });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
