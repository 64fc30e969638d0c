import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { quoteShellArgument } from '@pipeguard/shared';
import iconv from 'iconv-lite';

/**
 * `pnpm demo`: runs the pipeguard CLI (the built binary, as an installed one would run) on the
 * situations it exists for and prints what each produced, exit status and time included.
 */

const packageJson = createRequire(import.meta.url).resolve('pipeguard/package.json');
const cli = join(dirname(packageJson), 'dist/cli.cjs');
const dir = await mkdtemp(join(tmpdir(), 'pipeguard-demo-'));

const buildLog = join(dir, 'build.log');
await writeFile(
  buildLog,
  Buffer.concat([
    Buffer.from('[1/2] compiling main.c\n'),
    iconv.encode('main.c(3): 错误 C2065: “配置”: 未声明的标识符\n', 'gbk'),
    Buffer.from('[2/2] build failed\n'),
  ]),
);
const minified = join(dir, 'records.min.json');
const records = Array.from({ length: 20_000 }, (_, id) => ({
  id,
  name: `café ☕ ${id}`,
  tags: ['crème', 'naïve'],
}));
await writeFile(minified, JSON.stringify(records));

const detach =
  'require("child_process").spawn("sh", ["-c", "while :; do echo tick; sleep 0.2; done"], ' +
  '{ detached: true, stdio: "inherit" }).unref(); console.log("parent exits now")';

const scenarios: { title: string; runs: string[][] }[] = [
  { title: 'Binary output: 500 kB of random bytes', runs: [['--', 'head', '-c', '500000', '/dev/urandom']] },
  {
    title: 'A legacy codepage: a GBK compiler error, without and with --fallback gbk',
    runs: [
      ['--', 'cat', buildLog],
      ['--fallback', 'gbk', '--', 'cat', buildLog],
    ],
  },
  {
    title: 'Huge output: 79 MB of numbers, both ends of 200 bytes kept',
    runs: [['--max-bytes', '200', '--keep', 'both', '--', 'seq', '1', '10000000']],
  },
  {
    title: 'A command that never ends, flooding: killed after 2 s (exit status 124, as timeout(1))',
    runs: [['--timeout', '2s', '--max-bytes', '120', '--keep', 'both', '--', 'yes', 'still going']],
  },
  {
    title:
      'A detached (setsid) descendant that keeps stdout open forever: the result comes 250 ms after the parent exits',
    runs: [['--', 'node', '-e', detach]],
  },
  {
    title: `A long-line file: ${records.length} records of minified JSON on one line, then the bytes the marker names`,
    runs: [
      ['lines', minified, '--max-line-bytes', '120'],
      ['read', minified, '--offset', '120', '--limit', '160'],
    ],
  },
];

function display(args: string[]): string {
  return `$ pipeguard ${args.map(quoteShellArgument).join(' ')}`.replaceAll(dir, '$DEMO');
}

function runCli(
  args: string[],
): Promise<{ stdout: string; stderr: string; status: number | null; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) =>
      resolve({
        stdout: Buffer.concat(out).toString(),
        stderr: Buffer.concat(err).toString(),
        status,
        ms: performance.now() - started,
      }),
    );
  });
}

try {
  for (const [index, { title, runs }] of scenarios.entries()) {
    console.log(`\n### ${index + 1}. ${title}\n`);
    for (const args of runs) {
      const { stdout, stderr, status, ms } = await runCli(args);
      console.log(display(args));
      if (stdout !== '') console.log(stdout.replace(/\n$/, ''));
      for (const line of stderr.split('\n').filter(Boolean))
        console.log(`(stderr) ${line.replaceAll(dir, '$DEMO')}`);
      console.log(`→ exit status ${status}, ${(ms / 1000).toFixed(1)} s\n`);
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
