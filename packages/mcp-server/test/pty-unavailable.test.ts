import { readdirSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesBelow } from './helpers/files-below';
import { TRANSPORTS } from './helpers/http-server-process';
import type { ServerUnderTest } from './helpers/server-process';

// The server's require of the pseudo-terminal package fails, as on a platform without its prebuilt binary.
const BLOCKER = [
  "const Module = require('node:module');",
  'const load = Module._load;',
  "Module._load = function (request, ...rest) { if (request === '@lydell/node-pty') throw new Error('blocked for the test'); return load.call(this, request, ...rest); };",
].join('\n');

const descriptorsOf = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

let base = '';

beforeAll(async () => {
  base = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-nopty-')));
  await writeFile(join(base, 'block-pty.cjs'), BLOCKER);
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

describe.each(TRANSPORTS)(
  'run_command with pty: true where node-pty cannot load, over %s',
  (transport, start) => {
    let server: ServerUnderTest;
    let spillRoot = '';

    beforeAll(async () => {
      spillRoot = join(base, `${transport}-tmp`);
      await mkdir(spillRoot);
      server = await start(['--root', base], undefined, {
        ...(process.env as Record<string, string>),
        NODE_OPTIONS: `--require ${join(base, 'block-pty.cjs')}`,
        TMPDIR: spillRoot,
      });
    });

    afterAll(async () => {
      await server.close();
    });

    it('should answer each call with an error naming pty, and leave no descriptor and no spill file behind', async () => {
      // Arrange: one call first, so whatever the server opens once (its own modules) is open before counting.
      expect((await server.call('run_command', { command: 'echo warm' })).text).toContain('warm');
      const descriptors = descriptorsOf(server.pid);
      // Act
      const answers = [];
      for (let call = 0; call < 50; call++) {
        answers.push(await server.call('run_command', { command: 'echo hi', pty: true, max_bytes: 16 }));
      }
      // Assert
      for (const answer of answers) {
        expect(answer.isError).toBe(true);
        expect(answer.text).toMatch(/^The "pty" input cannot be used: .*blocked for the test/);
      }
      expect(descriptorsOf(server.pid)).toBe(descriptors);
      expect(filesBelow(spillRoot)).toEqual([]);
      expect((await server.call('run_command', { command: 'echo still serving' })).text).toContain(
        'still serving',
      );
    });
  },
);
