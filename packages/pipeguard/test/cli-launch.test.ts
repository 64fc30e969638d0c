import { execFile, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { collectBytes, useTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuilt } from './helpers/cli';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
const files = useTempDir('pipeguard-cli-launch-');

/** The workspace packages the published `pipeguard` needs, as `pnpm pack` writes them. */
const PUBLISHED = [
  'pipeguard',
  'pipeline',
  'pty',
  'shared',
  'byte-counter',
  'bounded-sink',
  'line-splitter',
  'fallback-decoder',
  'binary-guard',
  'file-window',
  'terminal-renderer',
  'repeat-folder',
  'secret-redactor',
  'web',
];

/** Packs the published packages and installs them with npm into a new prefix; returns its bin. */
async function installTarballs(): Promise<string> {
  const packs = files.path('packs');
  const prefix = files.path('npm-prefix');
  mkdirSync(packs);
  mkdirSync(prefix);
  for (const name of PUBLISHED) {
    await promisify(execFile)('pnpm', ['pack', '--pack-destination', packs], {
      cwd: join(packagesDir, name),
    });
  }
  const tarballs = readdirSync(packs).map((name) => join(packs, name));
  await promisify(execFile)(
    'npm',
    ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', ...tarballs],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return join(prefix, 'node_modules', '.bin', 'pipeguard');
}

/** A global link as `npm link` makes one: lib/node_modules/pipeguard → the package, bin/pipeguard → its bin. */
function linkGlobally(): string {
  const prefix = files.path('linked');
  mkdirSync(join(prefix, 'lib', 'node_modules'), { recursive: true });
  mkdirSync(join(prefix, 'bin'));
  symlinkSync(join(packagesDir, 'pipeguard'), join(prefix, 'lib', 'node_modules', 'pipeguard'));
  const bin = join(prefix, 'bin', 'pipeguard');
  symlinkSync('../lib/node_modules/pipeguard/dist/cli.cjs', bin);
  return bin;
}

type Stdin = 'a pipe' | 'a file' | '/dev/null' | 'closed';

/** Runs `command` (a launcher and its arguments) with stdin as named; resolves with its status and output. */
async function launch(command: readonly string[], stdin: Stdin, env: NodeJS.ProcessEnv = {}) {
  // A closed descriptor 0 cannot be handed to spawn(): a shell closes it before it execs the launcher.
  const [file, args] =
    stdin === 'closed'
      ? ['sh', ['-c', 'exec "$@" <&-', 'sh', ...command]]
      : [command[0] as string, command.slice(1)];
  const input = stdin === 'a file' ? openSync(files.path('stdin.txt'), 'r') : null;
  // Without NODE_PATH, which `pnpm exec` (and so `pnpm test`) sets, and which hid the defect.
  const { NODE_PATH: _nodePath, ...inherited } = process.env;
  const child = spawn(file, args, {
    env: { ...inherited, PATH: `${dirname(process.execPath)}:${process.env['PATH']}`, ...env },
    stdio: [stdin === 'a pipe' ? 'pipe' : (input ?? 'ignore'), 'pipe', 'pipe'],
  });
  if (input !== null) closeSync(input);
  child.stdin?.end('typed input\n');
  const status = new Promise((resolve) => child.once('close', resolve));
  const [stdout, stderr] = await Promise.all([collectBytes(child.stdout!), collectBytes(child.stderr!)]);
  return { status: await status, stdout: stdout.toString(), stderr: stderr.toString() };
}

// Node resolves a module's dependencies from its real path; a plain fstat of a pipe on stdin used to
// poison the stat array that path resolution reads, so a pnpm layout's dependencies were not found.
describe('the pipeguard bin as users launch it', () => {
  const launchers: Record<string, string[]> = {};
  beforeAll(async () => {
    requireBuilt();
    writeFileSync(files.path('stdin.txt'), 'from a file\n');
    launchers['node dist/cli.cjs'] = [process.execPath, CLI];
    launchers['a globally linked bin'] = [linkGlobally()];
    launchers['an npm-installed tarball'] = [await installTarballs()];
  }, 180_000);

  const cases = (['node dist/cli.cjs', 'a globally linked bin', 'an npm-installed tarball'] as const).flatMap(
    (launcher) =>
      (['a pipe', 'a file', '/dev/null', 'closed'] as const).map((stdin) => [launcher, stdin] as const),
  );

  it.each(cases)('should load @lydell/node-pty for --pty (%s, stdin %s)', async (launcher, stdin) => {
    const run = await launch(
      [...(launchers[launcher] as string[]), '--pty', '--', 'sh', '-c', 'test -t 1 && echo tty'],
      stdin,
    );
    expect(run).toEqual({ status: 0, stdout: 'tty\n', stderr: '' });
  });

  it.each(cases)(
    'should load iconv-lite for --fallback auto in a cp1251 locale (%s, stdin %s)',
    async (launcher, stdin) => {
      const command = [
        ...(launchers[launcher] as string[]),
        '--fallback',
        'auto',
        '--',
        'printf',
        '\\340\\n',
      ];
      const run = await launch(command, stdin, { LC_ALL: 'ru_RU.CP1251' });
      expect(run).toEqual({ status: 0, stdout: 'а\n', stderr: '' });
    },
  );
});
