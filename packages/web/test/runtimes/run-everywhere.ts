// Runs the checks of test/checks in Bun, Deno and headless Chromium (and Node when named) from one
// bundle built for a browser with no shims, plus the browser test (the package bundle alone, driving a
// core in a page). `pnpm --filter @pipeguard/web test:runtimes [node] [bun] [deno] [chromium]`; exits 1 on
// any failure. Node is not run unless named: vitest runs the same checks there (test/checks.test.ts).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser } from './bundle';
import { singleByteOracle } from './codepage-oracle';
import { doubleByteOracle } from './double-byte-oracle';
import type { ChecksResult } from './run-checks';
import { runInChromium } from './run-in-chromium';
import { type ProcessRuntime, runModule } from './run-module';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const PAGE = `<!doctype html>
<meta charset="utf-8">
<title>pipeguard web checks</title>
<script type="module" src="./browser-e2e.js"></script>
<script type="module" src="./checks.js"></script>
`;

/** A log with lines of every kind a terminal shows, LF and CRLF, and one without an end. */
const SAMPLE_LOG = `${Array.from({ length: 500 }, (_, index) => `step ${index}: ok ✓ — 数据 ${'x'.repeat(index % 97)}\n`).join('')}\r\nlast line without LF`;

function parseSummary(output: string): ChecksResult | undefined {
  const match = /^(\d+) passed, (\d+) failed$/m.exec(output.trim().split('\n').at(-1) ?? '');
  return match ? { passed: Number(match[1]), failed: Number(match[2]), failures: [] } : undefined;
}

async function runProcess(runtime: ProcessRuntime, file: string): Promise<ChecksResult> {
  const { ok, stdout, stderr, error } = await runModule(runtime, file);
  const summary = parseSummary(stdout);
  const shown = `${stdout}${stderr}`.trim();
  if (summary && ok) return { ...summary, failures: summary.failed > 0 ? [shown] : [] };
  const failed = Math.max(1, summary?.failed ?? 0);
  return { passed: summary?.passed ?? 0, failed, failures: [`${error?.message ?? ''}\n${shown}`] };
}

async function runPage(dir: string): Promise<ChecksResult> {
  const lines: string[] = [];
  try {
    const { pipeguardChecks, pipeguardE2e } = await runInChromium(
      dir,
      'index.html',
      ['pipeguardChecks', 'pipeguardE2e'],
      (line) => lines.push(line),
    );
    const checks = pipeguardChecks as ChecksResult;
    const e2e = pipeguardE2e as { ok: boolean };
    const e2ePassed = e2e.ok ? 1 : 0;
    const failures = [...checks.failures, ...(e2e.ok ? [] : [`browser test: ${JSON.stringify(e2e)}`])];
    return { passed: checks.passed + e2ePassed, failed: checks.failed + 1 - e2ePassed, failures };
  } catch (error) {
    return { passed: 0, failed: 1, failures: [`${(error as Error).stack ?? error}\n${lines.join('\n')}`] };
  }
}

const wanted = process.argv.slice(2);
const runtimes = wanted.length > 0 ? wanted : ['bun', 'deno', 'chromium'];
const dir = await mkdtemp(join(tmpdir(), 'pipeguard-runtimes-'));
try {
  // esbuild bundles in its own process: the page's bundles are made while Node computes the oracles.
  const pageBundles = Promise.all([
    bundleForBrowser(here('../../src/index.ts'), join(dir, 'pipeguard-web.js')),
    bundleForBrowser(here('./browser-e2e.ts'), join(dir, 'browser-e2e.js'), {
      loadedBeside: { '@pipeguard/web': './pipeguard-web.js' },
    }),
    writeFile(join(dir, 'index.html'), PAGE),
    writeFile(join(dir, 'sample.log'), SAMPLE_LOG),
  ]);
  await bundleForBrowser(here('./entry.ts'), join(dir, 'checks.js'), {
    data: {
      'virtual:single-byte-oracle': singleByteOracle(),
      'virtual:double-byte-oracle': await doubleByteOracle(),
    },
  });
  await pageBundles;
  // The runtimes at once: each is a process of its own (Chromium's start-up is mostly waiting), and no
  // check depends on timing, only on events.
  const runs = await Promise.all(
    runtimes.map(async (runtime) => {
      const started = performance.now();
      const result =
        runtime === 'chromium'
          ? await runPage(dir)
          : await runProcess(runtime as ProcessRuntime, join(dir, 'checks.js'));
      return { runtime, result, seconds: ((performance.now() - started) / 1000).toFixed(1) };
    }),
  );
  let passed = 0;
  let failed = 0;
  for (const { runtime, result, seconds } of runs) {
    for (const failure of result.failures) console.log(failure);
    console.log(`${runtime} (${seconds} s): ${result.passed} passed, ${result.failed} failed`);
    passed += result.passed;
    failed += result.failed;
  }
  console.log(`runtimes: ${passed} passed, ${failed} failed`);
  process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
