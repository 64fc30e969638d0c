import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerUnderTest, startServer } from './helpers/server-process';

const SECRET = 'SECRET-outside-the-root';

let base = '';
let app = '';
let server: ServerUnderTest;
let socketServer: Server;

beforeAll(async () => {
  // base/app is the root; base/app-evil shares its prefix; base/outside is plainly outside.
  base = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-confine-')));
  app = join(base, 'app');
  await mkdir(app);
  await mkdir(join(base, 'app-evil'));
  await mkdir(join(base, 'outside'));
  await writeFile(join(base, 'app-evil', 'secret.txt'), SECRET);
  await writeFile(join(base, 'outside', 'secret.txt'), SECRET);
  await writeFile(join(app, 'inside.txt'), 'inside\n');
  await mkdir(join(app, 'dir'));
  await symlink(join(base, 'outside', 'secret.txt'), join(app, 'link-to-secret'));
  await symlink(join(base, 'outside'), join(app, 'linked-dir'));
  await symlink(join(app, 'inside.txt'), join(app, 'link-inside'));
  execFileSync('mkfifo', [join(app, 'fifo')]);
  socketServer = createServer();
  await new Promise<void>((resolve) => socketServer.listen(join(app, 'socket'), resolve));
  server = await startServer(['--root', app]);
});

afterAll(async () => {
  await server.close();
  socketServer.close();
  await rm(base, { recursive: true, force: true });
});

/** Reads `path` with both read tools and expects both to refuse it with `reason` and leak nothing. */
async function expectRefused(path: string, reason: RegExp | string): Promise<void> {
  for (const tool of ['read_bytes', 'read_lines']) {
    const answer = await server.call(tool, { path });
    expect(answer.isError, `${tool} ${path}`).toBe(true);
    expect(answer.text).toMatch(/^The "path" input /);
    expect(answer.text).toMatch(reason);
    expect(answer.text).not.toContain(SECRET);
  }
}

describe('path confinement', () => {
  it('should read a file inside the root, by relative or absolute path or through a symlink inside it', async () => {
    for (const path of ['inside.txt', join(app, 'inside.txt'), 'dir/../inside.txt', 'link-inside']) {
      expect((await server.call('read_bytes', { path })).structuredContent).toMatchObject({
        text: 'inside\n',
      });
    }
  });

  it('should refuse .. leading out of the root', () =>
    expectRefused('../outside/secret.txt', 'resolves outside them'));

  it('should refuse an absolute path outside the root', () =>
    expectRefused(join(base, 'outside', 'secret.txt'), 'resolves outside them'));

  it('should refuse a sibling that shares the root as a string prefix', () =>
    expectRefused(join(base, 'app-evil', 'secret.txt'), 'resolves outside them'));

  it('should refuse a symlink inside the root that points outside', () =>
    expectRefused('link-to-secret', 'resolves outside them'));

  it('should refuse a path through a symlinked parent directory that points outside', () =>
    expectRefused('linked-dir/secret.txt', 'resolves outside them'));

  it('should refuse a path with a NUL byte', () =>
    expectRefused('inside.txt\0.png', 'must not contain a NUL byte'));

  it('should refuse a directory', () => expectRefused('dir', 'is a directory'));

  it('should refuse a FIFO without blocking, and keep serving reads after many', async () => {
    await Promise.all(Array.from({ length: 8 }, () => expectRefused('fifo', 'is a FIFO')));
    expect((await server.call('read_bytes', { path: 'inside.txt' })).structuredContent).toMatchObject({
      text: 'inside\n',
    });
  });

  it('should refuse a socket', () => expectRefused('socket', 'is a socket'));

  it('should refuse a device, even inside a root', async () => {
    await expectRefused('/dev/zero', 'resolves outside them');
    const withDev = await startServer(['--root', app, '--root', '/dev']);
    try {
      const answer = await withDev.call('read_bytes', { path: '/dev/zero' });
      expect(answer.isError).toBe(true);
      expect(answer.text).toBe('The "path" input must name a regular file: "/dev/zero" is a device');
    } finally {
      await withDev.close();
    }
  });

  it('should refuse a file swapped for a symlink to outside between two calls', async () => {
    const path = join(app, 'swapped.txt');
    await writeFile(path, 'before\n');
    expect((await server.call('read_lines', { path: 'swapped.txt' })).text).toContain('before');
    await unlink(path);
    await symlink(join(base, 'outside', 'secret.txt'), path);
    await expectRefused('swapped.txt', 'resolves outside them');
  });

  it('should refuse a cwd outside the root', async () => {
    const answer = await server.call('run_command', {
      command: 'cat secret.txt',
      cwd: join(base, 'outside'),
    });
    expect(answer.isError).toBe(true);
    expect(answer.text).toMatch(/^The "cwd" input must name a place within the allowed roots/);
  });

  it('should never leak an outside file while a directory is swapped for a symlink during reads', async () => {
    // race/ is a real directory holding an innocent file, or a symlink to outside/ holding the secret.
    const race = join(app, 'race');
    const real = join(app, 'race-real');
    const link = join(app, 'race-link');
    await mkdir(real);
    await writeFile(join(real, 'secret.txt'), 'innocent\n');
    await symlink(join(base, 'outside'), link);
    await rename(real, race);
    let swapping = true;
    let swaps = 0;
    const swapper = (async () => {
      while (swapping) {
        // Each rename is atomic: race/ is always either the directory or the symlink.
        await rename(race, real);
        await rename(link, race);
        await new Promise((resolve) => setImmediate(resolve));
        await rename(race, link);
        await rename(real, race);
        swaps++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const outcomes = { read: 0, refused: 0 };
    try {
      for (let round = 0; round < 100; round++) {
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => server.call('read_bytes', { path: 'race/secret.txt' })),
        );
        for (const answer of answers) {
          expect(answer.text).not.toContain(SECRET);
          outcomes[answer.isError ? 'refused' : 'read']++;
        }
      }
    } finally {
      swapping = false;
      await swapper;
    }
    expect(swaps).toBeGreaterThan(10);
    expect(outcomes.read + outcomes.refused).toBe(800);
  }, 120_000);
});
