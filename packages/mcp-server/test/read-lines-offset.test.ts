import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORTS, useServer } from './helpers/http-server-process';

interface Page {
  text: string;
  first_line: number;
  line_count: number;
  next_line: number;
  eof: boolean;
}

const LINES = Array.from({ length: 100 }, (_, index) => `entry ${index + 1}\n`);
const FILE = LINES.join('');
/** The byte offset where line `n` (1-based) starts. */
const startOf = (n: number) => Buffer.byteLength(LINES.slice(0, n - 1).join(''));

let root = '';

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-offset-')));
  await writeFile(join(root, 'entries.txt'), FILE);
  await writeFile(
    join(root, 'build.sh'),
    'seq 1 3000 | sed "s/^/step /"\necho "main.c:9:1: error: expected declaration"\nseq 3001 6000 | sed "s/^/step /"\n',
  );
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// One table of cases, run over stdio and over Streamable HTTP alike.
describe.each(TRANSPORTS)('over %s', (_, start) => {
  const server = useServer(start, () => ['--root', root]);

  async function readLinesAt(args: Record<string, unknown>): Promise<Page> {
    const answer = await server.call('read_lines', args);
    expect(answer.isError, answer.text).toBeFalsy();
    return answer.structuredContent as unknown as Page;
  }

  describe('read_lines from_byte', () => {
    it('should start at the line holding the byte, numbered from the start of the file', async () => {
      const inside = await readLinesAt({ path: 'entries.txt', from_byte: startOf(42) + 3, max_lines: 2 });
      expect(inside).toMatchObject({ first_line: 42, line_count: 2, next_line: 44, eof: false });
      expect(inside.text).toBe('    42\tentry 42\n    43\tentry 43');
      // A line's LF belongs to it: the offset of line 41's LF starts at line 41.
      const atLineFeed = await readLinesAt({ path: 'entries.txt', from_byte: startOf(42) - 1, max_lines: 1 });
      expect(atLineFeed.first_line).toBe(41);
    });

    it('should give no lines and eof past the end of the file', async () => {
      const past = await readLinesAt({ path: 'entries.txt', from_byte: FILE.length + 10 });
      expect(past).toMatchObject({ line_count: 0, eof: true });
    });

    it("should open a spill file at an excerpt's byte offset on the excerpt's line", async () => {
      const run = await server.call('run_command', { argv: ['sh', 'build.sh'], max_bytes: 2000 });
      const stdout = (run.structuredContent as { stdout: { text: string; spill_path: string } }).stdout;
      const excerpt = /\[line (\d+), byte (\d+)\] main\.c:9:1: error/.exec(stdout.text);
      expect(excerpt, stdout.text).not.toBeNull();
      const [, line, byte] = excerpt as RegExpExecArray;
      const page = await readLinesAt({ path: stdout.spill_path, from_byte: Number(byte), max_lines: 1 });
      expect(page.first_line).toBe(Number(line));
      expect(page.text).toContain('main.c:9:1: error: expected declaration');
    });

    it.each([
      [{ from_byte: -1 }, 'from_byte'],
      [{ from_byte: 1.5 }, 'from_byte'],
      [{ from_byte: 'zero' }, 'from_byte'],
      [{ from_byte: 0, from_line: 1 }, 'from_byte'],
    ])('should answer %j with isError naming %s', async (args, field) => {
      const answer = await server.call('read_lines', { path: 'entries.txt', ...args });
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain(field);
      expect(answer.text).not.toContain('Unrecognized key');
    });
  });
});
