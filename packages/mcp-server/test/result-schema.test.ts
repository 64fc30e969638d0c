import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { undeclaredFields } from '@pipeguard/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerUnderTest, startServer } from './helpers/server-process';

// Issue 37: the structuredContent schemas come from the library's result tables; every field a real
// answer carries must be in the outputSchema the server lists for that tool.
describe('pipeguard-mcp result schemas', () => {
  let root = '';
  let server: ServerUnderTest;
  let schemas: Map<string, object>;

  beforeAll(async () => {
    root = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-results-')));
    await writeFile(join(root, 'long.txt'), `short\n${'x'.repeat(5000)}\nend\n`);
    server = await startServer(['--root', root]);
    const { tools } = await server.client.listTools();
    schemas = new Map(tools.map((tool) => [tool.name, tool.outputSchema as object]));
  });

  afterAll(async () => {
    await server?.close();
    await rm(root, { recursive: true, force: true });
  });

  const noisy =
    'for i in 1 2 3 4 5 6; do echo same; done; seq 1 2000; echo ERROR here; seq 2001 4000; printf "\\r50%%\\r99%%\\n"; echo err >&2';

  it.each([
    ['run_command', { command: noisy, max_bytes: 400 }],
    ['run_command', { command: noisy, render: 'raw', fold_repeats: false, keep_matches: false }],
    ['run_command', { argv: ['sh', '-c', 'echo started; sleep 30'], yield_ms: 0 }],
    ['read_bytes', { path: 'long.txt', offset: 3, window_bytes: 20 }],
    ['read_lines', { path: 'long.txt', max_line_bytes: 100 }],
  ] as [string, Record<string, unknown>][])(
    'should answer %s %j with fields its outputSchema declares',
    async (tool, args) => {
      // Files are named under the root made for this run.
      const given = typeof args.path === 'string' ? { ...args, path: join(root, args.path) } : args;
      const answer = await server.call(tool, given);
      expect(answer.isError, answer.text).toBeFalsy();
      const structured = answer.structuredContent as Record<string, unknown>;
      expect(Object.keys(structured).length).toBeGreaterThan(3);
      expect(undeclaredFields(schemas.get(tool) as object, structured)).toEqual([]);
      if (typeof structured.session_id === 'string') {
        const read = await server.call('read_output', { session_id: structured.session_id });
        expect(undeclaredFields(schemas.get('read_output') as object, read.structuredContent)).toEqual([]);
        await server.call('stop_command', { session_id: structured.session_id });
      }
    },
  );
});
