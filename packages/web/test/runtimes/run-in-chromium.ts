import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { chromium } from 'playwright-core';

/** Debian's package: no browser is downloaded. */
const CHROMIUM = process.env['PIPEGUARD_CHROMIUM'] ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.log': 'text/plain',
};

/** Serves the files of `dir` on 127.0.0.1 (an ephemeral port) for the page. */
export async function serve(dir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.replace(/^\/+/, '') || 'index.html';
    readFile(join(dir, name.replaceAll('..', '')))
      .then((body) =>
        response
          .writeHead(200, { 'content-type': TYPES[extname(name)] ?? 'application/octet-stream' })
          .end(body),
      )
      .catch(() => response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Opens `page` of `dir` in headless Chromium (a fresh profile) and returns the globals named in `read`
 * once the page has set them all; a page error fails it at once. Console lines go to `log`.
 */
export async function runInChromium(
  dir: string,
  page: string,
  read: readonly string[],
  log: (line: string) => void,
  timeoutMs = 300_000,
): Promise<Record<string, unknown>> {
  const { server, origin } = await serve(dir);
  // Playwright gives each launch a new temporary profile (--user-data-dir), removed at close.
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const tab = await browser.newPage();
    tab.on('console', (message) => log(message.text()));
    const failed = new Promise<never>((_, reject) => tab.on('pageerror', reject));
    // Not 'load': a module's top-level await (a long measurement) holds that event back.
    await tab.goto(`${origin}/${page}`, { waitUntil: 'commit' });
    const ready = read.map((name) => `globalThis.${name} !== undefined`).join(' && ');
    await Promise.race([tab.waitForFunction(ready, undefined, { timeout: timeoutMs, polling: 100 }), failed]);
    return (await tab.evaluate(
      `({ ${read.map((name) => `${name}: globalThis.${name}`).join(', ')} })`,
    )) as Record<string, unknown>;
  } finally {
    await browser.close();
    server.close();
  }
}
