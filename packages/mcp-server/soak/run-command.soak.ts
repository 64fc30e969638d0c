import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { describeLargeOutput } from '../test/load/large-output';

let root = '';

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-soak-')));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeLargeOutput(1024 ** 3, () => root);
