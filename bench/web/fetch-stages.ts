// `pnpm exec tsx bench/web/fetch-stages.ts [chromium] [node] [bun]`: the stage streams against an identity
// TransformStream on a 64 MiB body fetched from a local HTTP server (127.0.0.1), in headless Chromium and in
// the process runtimes: bench/web/fetch-stages.measure.ts, bundled for a browser with no shims.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser } from '../../packages/web/test/runtimes/bundle';
import { runInChromium, serve } from '../../packages/web/test/runtimes/run-in-chromium';
import { runModule } from '../../packages/web/test/runtimes/run-module';
import { proseChunks } from './stage-pairs';

const BODY_BYTES = 64 * 1024 * 1024;
const runtimes = process.argv.length > 2 ? process.argv.slice(2) : ['chromium', 'node'];
const dir = await mkdtemp(join(tmpdir(), 'pipeguard-fetch-bench-'));

async function linesOf(runtime: string): Promise<string[]> {
  const lines: string[] = [];
  if (runtime === 'chromium') {
    await runInChromium(dir, 'index.html', ['pipeguardDone'], (line) => lines.push(line), 1_800_000);
    return lines;
  }
  if (runtime !== 'node' && runtime !== 'bun')
    throw new Error(`unknown runtime ${runtime} (chromium, node, bun)`);
  const { server, origin } = await serve(dir);
  try {
    const entry = join(dir, 'entry.mjs');
    await writeFile(entry, `globalThis.PROSE_URL = '${origin}/prose.log';\nawait import('./measure.js');\n`);
    const { ok, stdout, stderr } = await runModule(runtime, entry);
    if (!ok) throw new Error(`${runtime} failed:\n${stdout}${stderr}`);
    return stdout.split('\n');
  } finally {
    server.close();
  }
}

try {
  await bundleForBrowser(
    fileURLToPath(new URL('./fetch-stages.measure.ts', import.meta.url)),
    join(dir, 'measure.js'),
  );
  await writeFile(
    join(dir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><script type="module" src="./measure.js"></script>\n',
  );
  // The prose of the stage groups: one 1 MiB block, repeated.
  await writeFile(join(dir, 'prose.log'), proseChunks(BODY_BYTES));
  for (const runtime of runtimes) {
    console.log(
      `\n## ${runtime}\n\n| stream | MB/s | ratio (median) | quartiles |\n| --- | ---: | ---: | ---: |`,
    );
    for (const line of (await linesOf(runtime)).filter((text) => text.startsWith('{'))) {
      const { stream, mbs, ratio, q1, q3 } = JSON.parse(line) as Record<
        'stream' | 'mbs' | 'ratio' | 'q1' | 'q3',
        number
      >;
      console.log(
        `| ${stream} | ${mbs.toFixed(0)} | ${ratio.toFixed(2)} | ${q1.toFixed(2)}-${q3.toFixed(2)} |`,
      );
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
