// `pnpm exec tsx bench/web-runtimes.ts <measure> [node] [bun] [deno] [chromium]`: bundles
// bench/web/<measure>.measure.ts for a browser with no shims, runs it in each runtime (Chromium: a page
// on 127.0.0.1, headless) and prints its measurements as a table per runtime. Measures: byte-ops, read-sizes, stages,
// codecs, streams. `PIPEGUARD_BASE=<checkout>`: read-sizes measures that checkout's changed streams beside;
// `PIPEGUARD_ROUNDS=<n>`: read-sizes' timed rounds (default 7; its CPU ratios need more to tell builds apart).
// read-sizes runs each read size in a process (a page) of its own: after the 16 KiB groups, a Node process sat
// in a band of ~2-3 mark-compacts a round, which its 64 KiB rows paid in proportion to what each stream allocates.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser } from '../packages/web/test/runtimes/bundle';
import { runInChromium } from '../packages/web/test/runtimes/run-in-chromium';
import { PROCESS_RUNTIMES, type ProcessRuntime, runModule } from '../packages/web/test/runtimes/run-module';
import { codecData } from './web/codec-data';

const [measure, ...wanted] = process.argv.slice(2);
if (measure === undefined) throw new Error('usage: tsx bench/web-runtimes.ts <measure> [runtime…]');
const runtimes = wanted.length > 0 ? wanted : [...PROCESS_RUNTIMES, 'chromium'];
const dir = await mkdtemp(join(tmpdir(), 'pipeguard-web-bench-'));

async function linesOf(runtime: string, file: string, page: string): Promise<string[]> {
  if (runtime === 'chromium') {
    const lines: string[] = [];
    await runInChromium(dir, page, ['pipeguardDone'], (line) => lines.push(line), 1_800_000);
    return lines;
  }
  if (!(PROCESS_RUNTIMES as readonly string[]).includes(runtime))
    throw new Error(`unknown runtime ${runtime}`);
  const { ok, stdout, stderr } = await runModule(runtime as ProcessRuntime, file);
  if (!ok) throw new Error(`${runtime} failed:\n${stdout}${stderr}`);
  return stdout.split('\n');
}

try {
  // Each of read-sizes' read sizes is a bundle of its own, run in a fresh process or page.
  const passes = measure === 'read-sizes' ? [[16 * 1024], [64 * 1024]] : [[]];
  const bundles: { file: string; page: string }[] = [];
  for (const [index, readBytes] of passes.entries()) {
    const file = join(dir, `measure-${index}.js`);
    const page = `index-${index}.html`;
    await bundleForBrowser(fileURLToPath(new URL(`./web/${measure}.measure.ts`, import.meta.url)), file, {
      data:
        measure === 'codecs'
          ? codecData()
          : {
              'virtual:read-sizes': {
                beside: process.env.PIPEGUARD_WEB_BESIDE === '1',
                base: process.env.PIPEGUARD_BASE !== undefined,
                rounds: Number(process.env.PIPEGUARD_ROUNDS ?? 7),
                readBytes,
              },
            },
      // `PIPEGUARD_BASE=<checkout>`: `base:@pipeguard/web` is that checkout's (read-sizes measures it beside).
      ...(process.env.PIPEGUARD_BASE === undefined
        ? {}
        : { basePackagesDir: `${resolve(process.env.PIPEGUARD_BASE)}/packages/` }),
    });
    await writeFile(
      join(dir, page),
      `<!doctype html><meta charset="utf-8"><script type="module" src="./measure-${index}.js"></script>\n`,
    );
    bundles.push({ file, page });
  }
  for (const runtime of runtimes) {
    const rows: Record<string, unknown>[] = [];
    for (const { file, page } of bundles) {
      for (const line of await linesOf(runtime, file, page))
        if (line.startsWith('{')) rows.push(JSON.parse(line) as Record<string, unknown>);
    }
    console.log(`\n## ${runtime}\n`);
    const columns = Object.keys(rows[0] ?? {});
    console.log(`| ${columns.join(' | ')} |\n|${columns.map(() => ' --- |').join('')}`);
    for (const row of rows) {
      console.log(
        `| ${columns.map((key) => (typeof row[key] === 'number' ? (row[key] as number).toFixed(3) : row[key])).join(' | ')} |`,
      );
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
