import { execFile } from 'node:child_process';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_MAX_LINES } from '@pipeguard/file-window';
import { AGENT_PROFILE } from '@pipeguard/pipeline';
import { OPTION_TABLE } from '@pipeguard/pipeline/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './helpers/http-server-process';
import { BIN, startServer } from './helpers/server-process';

let root = '';

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-fields-')));
  await writeFile(join(root, 'notes.txt'), 'alpha\nbeta\ngamma\n');
  await writeFile(
    join(root, 'many.txt'),
    Array.from({ length: 3000 }, (_, index) => `${index + 1}\n`).join(''),
  );
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the MCP tools’ option fields', () => {
  const server = useServer(startServer, () => ['--root', root]);

  it('should have each row of the option table as a field of its tool, under its name and its deprecated names', async () => {
    const { tools } = await server.client.listTools();
    for (const row of OPTION_TABLE) {
      if (row.mcp === null) continue;
      const properties = tools.find((tool) => tool.name === row.mcp?.tool)?.inputSchema.properties ?? {};
      for (const name of [row.mcp.field, ...(row.mcp.deprecated ?? [])]) {
        expect([row.key, name, name in properties]).toEqual([row.key, name, true]);
      }
      const described = (properties[row.mcp.field] as { description?: string }).description ?? '';
      expect(described.toLowerCase()).toContain(row.doc.toLowerCase());
    }
  });

  it.each([
    [
      'read_lines',
      { path: 'notes.txt', start_line: 2, limit: 1 },
      ['"start_line" is deprecated: use "from_line"', '"limit" is deprecated: use "max_lines"', '2\tbeta'],
    ],
    [
      'read_lines',
      { path: 'notes.txt', start_offset: 7 },
      ['"start_offset" is deprecated: use "from_byte"', '2\tbeta'],
    ],
    ['read_bytes', { path: 'notes.txt', length: 5 }, ['"length" is deprecated: use "window_bytes"', 'alpha']],
    [
      'run_command',
      { command: 'echo ok', timeout_ms: 30_000 },
      ['"timeout_ms" is deprecated: use "timeout"', 'ok'],
    ],
    ['run_command', { command: 'cat', stdin: 'fed' }, ['"stdin" is deprecated: use "input"', 'fed']],
  ])('should still take %s %j and add a deprecation note', async (tool, args, expected) => {
    const answer = await server.call(tool, args);
    expect(answer.isError).toBeFalsy();
    for (const text of expected) expect(answer.text).toContain(text);
  });

  it('should refuse a field given under its new and its deprecated name at once', async () => {
    const answer = await server.call('read_lines', { path: 'notes.txt', from_line: 1, start_line: 2 });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('"from_line"');
  });

  it('should take sizes and durations as text with a unit', async () => {
    const answer = await server.call('run_command', {
      command: 'seq 1 100000',
      max_bytes: '1KiB',
      timeout: '30s',
    });
    expect(answer.structuredContent).toMatchObject({ timeout_ms: 30_000, stdout: { truncated: true } });
    const stdout = (answer.structuredContent as { stdout: { kept_bytes: number } }).stdout;
    expect(stdout.kept_bytes).toBeLessThanOrEqual(1024);
    const window = await server.call('read_bytes', { path: 'notes.txt', window_bytes: '5B' });
    expect(window.structuredContent).toMatchObject({ text: 'alpha', byte_length: 5 });
  });

  it('should answer a size that is not one with isError naming the field', async () => {
    const answer = await server.call('run_command', { command: 'true', max_bytes: 'lots' });
    expect(answer.isError).toBe(true);
    expect(answer.text).toContain('The "max_bytes" input must be a byte size');
  });

  it("should spend the agent profile's budget by default", async () => {
    const answer = await server.call('run_command', { command: 'seq 1 100000' });
    const stdout = (answer.structuredContent as { stdout: { kept_bytes: number } }).stdout;
    expect(stdout.kept_bytes).toBeLessThanOrEqual(AGENT_PROFILE.maxBytes);
    expect(stdout.kept_bytes).toBeGreaterThan(AGENT_PROFILE.maxBytes - 1000);
  });

  it("should page read_lines by the library's page size by default", async () => {
    const answer = await server.call('read_lines', { path: 'many.txt' });
    expect(answer.structuredContent).toMatchObject({
      line_count: DEFAULT_MAX_LINES,
      next_line: DEFAULT_MAX_LINES + 1,
    });
  });
});

describe('pipeguard-mcp on a bad command line', () => {
  it('should print one error line and a pointer to --help, and exit 2', async () => {
    const failure = await promisify(execFile)(process.execPath, [BIN, '--bogus']).catch((error) => error);
    expect(failure.code).toBe(2);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toBe("pipeguard-mcp: Unknown option '--bogus' (see pipeguard-mcp --help)\n");
  });
});

describe('pipeguard-mcp from the repository root', () => {
  it('should be found by pnpm exec', async () => {
    const root = new URL('../../..', import.meta.url).pathname;
    const { stdout } = await promisify(execFile)('pnpm', ['exec', 'pipeguard-mcp', '--version'], {
      cwd: root,
    });
    expect(stdout).toMatch(/^pipeguard-mcp \d+\.\d+\.\d+/);
  });
});
