import { writeFile } from 'node:fs/promises';
import { pipeline, run } from '@pipeguard/pipeline';
import { feed, makeTempDir } from '@pipeguard/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usage } from '../src/cli/usage';
import { requireBuilt, runCli } from './helpers/cli';
import { callRunCommand, connectMcp, type McpConnection } from './helpers/mcp';

/**
 * A long output whose omitted middle holds `a.c here` (a literal match) and, well past the context kept
 * after it, `abc here` (a match of the regular expression only).
 */
const MIDDLE = "seq 1 3000; echo 'a.c here'; seq 1 20; echo 'abc here'; seq 1 3000";
const REDRAWN = "printf 'a\\rb\\n'";

// One meaning per word on every surface: the library, the CLI and the MCP server (README, "One meaning
// per word"). Each case asks the same thing of each surface and expects the same answer.
describe('the surfaces agree', () => {
  let mcp: McpConnection;
  beforeAll(async () => {
    requireBuilt();
    mcp = await connectMcp();
  });
  afterAll(() => mcp.close());

  const mcpStdout = async (args: Record<string, unknown>) => {
    const { result, text } = await callRunCommand(mcp.client, args);
    if (result === undefined) throw new Error(`run_command failed: ${text}`);
    return (result['stdout'] as { text: string }).text;
  };

  it('should read a keepMatches string as a literal: library, CLI --keep-matches=TEXT, MCP keep_matches', async () => {
    const library = await run('sh', ['-c', MIDDLE], { maxBytes: 400, keep: 'both', keepMatches: 'a.c' });
    const cli = await runCli([
      '--max-bytes',
      '400',
      '--keep',
      'both',
      '--keep-matches=a.c',
      '--',
      'sh',
      '-c',
      MIDDLE,
    ]);
    const server = await mcpStdout({ command: MIDDLE, max_bytes: 400, keep_matches: 'a.c' });
    for (const text of [library.stdout.text, cli.stdout, server]) {
      expect(text).toContain('] a.c here\n');
      expect(text).not.toContain('abc here');
    }
  });

  it('should read a regular expression only where one is asked for: a RegExp, or --keep-regex', async () => {
    const library = await run('sh', ['-c', MIDDLE], { maxBytes: 400, keep: 'both', keepMatches: /a.c/ });
    const cli = await runCli([
      '--max-bytes',
      '400',
      '--keep',
      'both',
      '--keep-regex=a.c',
      '--',
      'sh',
      '-c',
      MIDDLE,
    ]);
    for (const text of [library.stdout.text, cli.stdout]) {
      expect(text).toContain('] a.c here\n');
      expect(text).toContain('] abc here\n');
    }
  });

  it('should keep the raw bytes by default and render under a terminal or the agent profile', async () => {
    expect((await run('sh', ['-c', REDRAWN])).stdout.text).toBe('a\rb\n');
    expect((await run('sh', ['-c', REDRAWN], { pty: true })).stdout.text).toBe('b\n');
    expect((await pipeline(feed([Buffer.from('a\rb\n')]), { profile: 'agent' })).text).toBe('b\n');
    expect((await runCli(['--', 'sh', '-c', REDRAWN])).stdout).toBe('a\rb\n');
    expect((await runCli(['--pty', '--', 'sh', '-c', REDRAWN])).stdout).toBe('b\n');
    expect((await runCli(['--agent', '--', 'sh', '-c', REDRAWN])).stdout).toBe('b\n');
    expect(usage()).toContain('(default raw; terminal with pty or the agent profile)');
    // The server runs the agent profile: rendered, unless render is switched off.
    expect(await mcpStdout({ command: REDRAWN })).toBe('b\n');
    expect(await mcpStdout({ command: REDRAWN, render: 'raw' })).toBe('a\rb\n');
  });

  it('should count one in the singular: 1 byte, 1 ill-formed byte', async () => {
    const library = await run('echo', ['abc'], { maxBytes: 1 });
    expect(library.stdout.marker).toBe('...[stdout truncated: 3 of 4 bytes omitted; limit is 1 byte]');
    const cli = await runCli(['--max-bytes', '1', '--', 'echo', 'abc']);
    expect(cli.stdout).toBe(`${library.stdout.text}\n`);
    const server = await mcpStdout({ argv: ['echo', 'abc'], max_bytes: 1, keep_matches: false });
    expect(server).toContain('limit is 1 byte');
    const dir = await makeTempDir('surfaces-');
    const file = `${dir}/one-bad-byte.txt`;
    await writeFile(file, Buffer.from('ok \xff ok\n', 'latin1'));
    expect((await runCli(['read', file])).stderr).toContain('; 1 ill-formed byte;');
    const spilled = await run('seq', ['1', '1000'], { maxBytes: 10, spill: dir, spillMaxBytes: 1 });
    expect(spilled.stdout.marker).toContain(`its first 1 byte is in ${spilled.stdout.spillPath}`);
  });
});
