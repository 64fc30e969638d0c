/**
 * Installs the published packages as a new user would, outside the workspace, and checks that they work
 * from there: `pnpm check:install` after `pnpm build` packs them (scripts/pack-packages.sh) into a new
 * directory of the system's temporary directory; `pnpm check:install DIR` takes the tarballs already in
 * DIR (`pnpm pack:all` writes dist/packs). npm installs every tarball into an empty project (the registry
 * gives the rest), then: `npx pipeguard -- echo hi`; `--pty` through the optional `@lydell/node-pty`;
 * `run()` from `import` and from `require`, each resolving to its own build; `captureStream` of
 * `pipeguard/web` on a `ReadableStream`, both ways; `pipeguard-mcp --version`; and an MCP client over
 * stdio: initialize, tools/list, tools/call run_command. Prints each step's time; on a failure the
 * project is kept and named.
 */
import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/**
 * A new user's environment: nothing of the workspace may stand in for what was installed, neither its bins
 * (`pipeguard` among them) on PATH nor its store on the NODE_PATH that pnpm's bin shims set (through it the
 * workspace's `@lydell/node-pty` would load). `npm_config_yes=false` is npx's `--no`, set without touching
 * its arguments: a missing bin fails instead of being fetched from the registry.
 */
function userEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(NODE_PATH|NODE_OPTIONS|npm_.*|pnpm_.*|PNPM_.*)$/.test(key)) environment[key] = value;
  }
  environment.PATH = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((entry) => !resolve(entry).startsWith(ROOT))
    .join(delimiter);
  return { ...environment, npm_config_yes: 'false', npm_config_update_notifier: 'false' };
}
const ENV = userEnvironment();
// A guard against a hung child, not a speed check: every step takes seconds.
const STEP_TIMEOUT_MS = 5 * 60_000;

function fail(message: string, detail?: { stdout?: string; stderr?: string }): never {
  const parts = [
    message,
    detail?.stdout && `stdout:\n${detail.stdout}`,
    detail?.stderr && `stderr:\n${detail.stderr}`,
  ];
  throw new Error(parts.filter(Boolean).join('\n'));
}

function exec(command: string, args: string[], options: SpawnSyncOptions = {}) {
  const result = spawnSync(command, args, {
    env: ENV,
    encoding: 'utf8',
    timeout: STEP_TIMEOUT_MS,
    ...options,
  });
  const stdout = String(result.stdout ?? '');
  const stderr = String(result.stderr ?? '');
  if (result.error) fail(`${command} ${args.join(' ')}: ${result.error.message}`, { stdout, stderr });
  if (result.status !== 0)
    fail(`${command} ${args.join(' ')} exited with ${result.status}`, { stdout, stderr });
  return { stdout, stderr };
}

function expectEqual(what: string, actual: unknown, expected: unknown): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    fail(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

function secondsSince(start: number): string {
  return `${((performance.now() - start) / 1000).toFixed(1)} s`;
}

async function step(name: string, body: () => unknown): Promise<void> {
  const start = performance.now();
  await body();
  console.log(`ok  ${name} (${secondsSince(start)})`);
}

// The same probe under both module systems; what it prints is compared, with the file each resolved.
const PROBE_BODY = `
  const result = await run('echo', ['hi']);
  const source = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('hi\\n'));
      controller.close();
    },
  });
  const capture = await captureStream(source);
  console.log(JSON.stringify({ resolved, exitCode: result.exitCode, stdout: result.stdout.text, web: capture.text }));
`;
const ESM_PROBE = `import { run } from 'pipeguard';
import { captureStream } from 'pipeguard/web';
const resolved = import.meta.resolve('pipeguard');
${PROBE_BODY}`;
const CJS_PROBE = `const { run } = require('pipeguard');
const { captureStream } = require('pipeguard/web');
const resolved = require.resolve('pipeguard');
(async () => {${PROBE_BODY}})();`;

/** An MCP client over the server's stdin and stdout: newline-delimited JSON-RPC, one request at a time. */
async function talkToMcpServer(project: string): Promise<void> {
  const server = spawn(join(project, 'node_modules', '.bin', 'pipeguard-mcp'), [], {
    cwd: project,
    env: ENV,
    stdio: ['pipe', 'pipe', 'pipe'],
    timeout: STEP_TIMEOUT_MS,
  });
  let stderr = '';
  server.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const exited = new Promise<number | null>((settle) => server.once('exit', (code) => settle(code)));
  const lines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
  let nextId = 1;
  const request = async (method: string, params: object): Promise<Record<string, unknown>> => {
    const id = nextId++;
    server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    for (;;) {
      const line = await lines.next();
      if (line.done) fail(`pipeguard-mcp closed its stdout before answering ${method}`, { stderr });
      const message = JSON.parse(line.value) as { id?: number; result?: Record<string, unknown> };
      if (message.id !== id) continue; // a notification of the server's
      if (!message.result) fail(`pipeguard-mcp answered ${method} with ${line.value}`, { stderr });
      return message.result;
    }
  };

  try {
    const initialized = await request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'pipeguard-install-check', version: '0' },
    });
    const serverInfo = initialized.serverInfo as { name?: unknown } | undefined;
    if (typeof serverInfo?.name !== 'string')
      fail(`initialize gave no serverInfo: ${JSON.stringify(initialized)}`);
    server.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const { tools } = (await request('tools/list', {})) as { tools: { name: string }[] };
    const names = tools.map((tool) => tool.name);
    if (!names.includes('run_command')) fail(`tools/list has no run_command: ${names.join(', ')}`);
    const called = await request('tools/call', {
      name: 'run_command',
      arguments: { command: 'echo hi-mcp' },
    });
    const content = called.content as { type: string; text?: string }[];
    if (called.isError === true || !content.some((part) => part.text?.includes('hi-mcp')))
      fail(`tools/call run_command did not print hi-mcp: ${JSON.stringify(called)}`);
    server.stdin.end();
    const code = await exited;
    if (code !== 0) fail(`pipeguard-mcp exited with ${code} after its client closed stdin`, { stderr });
    console.log(
      `    ${serverInfo.name}: initialize, tools/list (${names.join(', ')}), tools/call run_command`,
    );
  } finally {
    if (server.exitCode === null && server.signalCode === null) server.kill();
  }
}

const work = mkdtempSync(join(tmpdir(), 'pipeguard-install-check-'));
const project = join(work, 'project');
const given = process.argv[2];
const packs = given === undefined ? join(work, 'packs') : resolve(given);
const started = performance.now();
try {
  if (given === undefined)
    await step('pack (scripts/pack-packages.sh)', () =>
      exec('bash', [join(ROOT, 'scripts/pack-packages.sh'), packs]),
    );
  const tarballs = readdirSync(packs)
    .filter((name) => name.startsWith('pipeguard-') && name.endsWith('.tgz'))
    .map((name) => join(packs, name));
  if (tarballs.length === 0) fail(`no pipeguard-*.tgz in ${packs}: run pnpm pack:all first`);

  await step(`npm install of ${tarballs.length} tarballs into an empty project`, () => {
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "install-check", "private": true }\n');
    exec('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...tarballs], {
      cwd: project,
    });
  });

  await step('npx pipeguard -- echo hi', () => {
    expectEqual(
      'npx pipeguard -- echo hi',
      exec('npx', ['pipeguard', '--', 'echo', 'hi'], { cwd: project }).stdout,
      'hi\n',
    );
  });

  await step('pipeguard --pty -- tty (the optional @lydell/node-pty)', () => {
    const bin = join(project, 'node_modules', '.bin', 'pipeguard');
    const { stdout } = exec(bin, ['--pty', '--', 'tty'], { cwd: project });
    if (!/^\/dev\/pts\/\d+\n$/.test(stdout)) fail(`pipeguard --pty -- tty printed ${JSON.stringify(stdout)}`);
  });

  for (const [kind, file, source, build] of [
    ['ESM import', 'probe.mjs', ESM_PROBE, 'dist/index.js'],
    ['CJS require', 'probe.cjs', CJS_PROBE, 'dist/index.cjs'],
  ] as const) {
    await step(`${kind} of pipeguard's run() and pipeguard/web's captureStream`, () => {
      writeFileSync(join(project, file), source);
      const printed = JSON.parse(exec('node', [file], { cwd: project }).stdout) as { resolved: string };
      if (!printed.resolved.endsWith(`node_modules/pipeguard/${build}`))
        fail(`${kind} resolved pipeguard to ${printed.resolved}, not ${build}`);
      expectEqual(
        kind,
        { ...printed, resolved: build },
        { resolved: build, exitCode: 0, stdout: 'hi\n', web: 'hi\n' },
      );
    });
  }

  await step('pipeguard-mcp --version', () => {
    const manifest = join(project, 'node_modules', '@pipeguard', 'mcp-server', 'package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    const bin = join(project, 'node_modules', '.bin', 'pipeguard-mcp');
    expectEqual('pipeguard-mcp --version', exec(bin, ['--version']).stdout, `pipeguard-mcp ${version}\n`);
  });

  await step('pipeguard-mcp over stdio', () => talkToMcpServer(project));

  console.log(`install check passed in ${secondsSince(started)}`);
  rmSync(work, { recursive: true, force: true });
} catch (error) {
  console.error(`install check failed; the project is kept in ${project}`);
  throw error;
}
