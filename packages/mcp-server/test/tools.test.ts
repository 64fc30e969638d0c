import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORTS, useServer } from './helpers/http-server-process';

/** 100 000 seeded random bytes starting with a NUL, with no LF: binary from its first byte, the same every run. */
const BINARY_BYTES_COMMAND =
  'python3 -c "import random,sys; r=random.Random(7); b=bytearray(r.getrandbits(8) for _ in range(100000)); ' +
  'b[0]=0; sys.stdout.buffer.write(bytes(b).replace(bytes([10]), bytes([0])))"';

let root = '';

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-tools-')));
  await mkdir(join(root, 'sub'));
  await writeFile(join(root, 'notes.txt'), 'alpha\nbeta\ngamma\n');
  await writeFile(join(root, 'long.txt'), `short\n${'x'.repeat(5000)}\nend\n`);
  await writeFile(join(root, 'utf8.txt'), 'héllo wörld');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// One table of cases, run over stdio and over Streamable HTTP alike.
describe.each(TRANSPORTS)('over %s', (_, start) => {
  const server = useServer(start, () => ['--root', root]);

  describe('initialize', () => {
    it('should declare tools without listChanged: the list never changes', () => {
      expect(server.client.getServerCapabilities()?.tools).toEqual({});
    });
  });

  describe('tools/list', () => {
    it('should list the seven tools with descriptions and input and output schemas', async () => {
      const { tools } = await server.client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual([
        'list_commands',
        'read_bytes',
        'read_lines',
        'read_output',
        'run_command',
        'stop_command',
        'write_input',
      ]);
      for (const tool of tools) {
        expect(tool.description?.length).toBeGreaterThan(100);
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.inputSchema.additionalProperties).toBe(false);
      }
      const run = tools.find((tool) => tool.name === 'run_command');
      expect(Object.keys(run?.inputSchema.properties ?? {})).toEqual(
        expect.arrayContaining(['command', 'argv', 'cwd', 'timeout', 'input', 'max_bytes']),
      );
    });
  });

  describe('run_command', () => {
    it('should run a shell string and return both streams, the exit code and structured content', async () => {
      const answer = await server.call('run_command', { command: 'echo out; echo err >&2; exit 3' });
      expect(answer.isError).toBeFalsy();
      expect(answer.text).toContain('exit code 3');
      expect(answer.text).toContain('[stdout: 4 bytes]\nout\n');
      expect(answer.text).toContain('[stderr: 4 bytes]\nerr\n');
      expect(answer.structuredContent).toMatchObject({
        exit_code: 3,
        signal: null,
        timed_out: false,
        stdout: { text: 'out\n', bytes: 4, truncated: false, spill_path: null },
        stderr: { text: 'err\n', bytes: 4 },
      });
    });

    it('should run argv without a shell, in cwd, with input', async () => {
      const answer = await server.call('run_command', {
        argv: ['sh', '-c', 'pwd; cat', '$HOME'],
        cwd: 'sub',
        input: 'fed',
      });
      expect(answer.structuredContent).toMatchObject({ exit_code: 0, stdout: { text: `${root}/sub\nfed` } });
    });

    it('should keep head and tail around a marker naming a spill file that read_lines can read', async () => {
      const answer = await server.call('run_command', { command: 'seq 1 100000', max_bytes: 64 });
      const stdout = (
        answer.structuredContent as { stdout: { text: string; spill_path: string; truncated: boolean } }
      ).stdout;
      expect(stdout.truncated).toBe(true);
      expect(stdout.text).toMatch(/^1\n2\n[\s\S]*truncated[\s\S]*100000\n$/);
      expect(stdout.text).toContain(stdout.spill_path);
      const page = await server.call('read_lines', {
        path: stdout.spill_path,
        from_line: 50000,
        max_lines: 2,
      });
      expect(page.structuredContent).toMatchObject({ first_line: 50000, line_count: 2, next_line: 50002 });
      expect(page.text).toContain('50000\t50000\n');
    });

    it('should withhold binary output behind a placeholder', async () => {
      // Seeded bytes, no LF: a random start that looks like text (a few bytes of /dev/urandom now and then)
      // would be kept before the placeholder.
      const answer = await server.call('run_command', {
        command: BINARY_BYTES_COMMAND,
      });
      const stdout = (answer.structuredContent as { stdout: { text: string; binary_withheld: boolean } })
        .stdout;
      expect(stdout.binary_withheld).toBe(true);
      expect(stdout.text).toMatch(/^\[binary output withheld: stdout, 100000 bytes/);
      expect(stdout.text.length).toBeLessThan(500);
    });

    it('should answer a command that cannot start with an error naming argv', async () => {
      const answer = await server.call('run_command', { argv: ['/nonexistent/program'] });
      expect(answer.isError).toBe(true);
      expect(answer.text).toBe('The "argv" input cannot run: command not found');
    });
  });

  describe('read_bytes', () => {
    it('should return a UTF-8 window that never cuts a character, with the next offset', async () => {
      const answer = await server.call('read_bytes', { path: 'utf8.txt', offset: 2, window_bytes: 4 });
      expect(answer.structuredContent).toMatchObject({
        text: 'llo',
        offset: 3,
        next_offset: 6,
        trimmed_start_bytes: 1,
        eof: false,
        file_size: 13,
      });
      expect(answer.content).toHaveLength(2);
    });
  });

  describe('read_lines', () => {
    it('should return numbered lines with a long one clipped and the read_bytes call for its rest', async () => {
      const answer = await server.call('read_lines', { path: join(root, 'long.txt'), max_line_bytes: 100 });
      expect(answer.structuredContent).toMatchObject({
        first_line: 1,
        line_count: 3,
        eof: true,
        clipped: [{ line: 2, omitted_start: 106, omitted_bytes: 4900 }],
      });
      expect(answer.text).toContain(
        `read_bytes with path "${join(root, 'long.txt')}", offset 106, window_bytes 4900`,
      );
    });

    it('should page with from_line and max_lines', async () => {
      const answer = await server.call('read_lines', { path: 'notes.txt', from_line: 2, max_lines: 1 });
      expect(answer.structuredContent).toMatchObject({ text: '     2\tbeta', next_line: 3, eof: false });
    });
  });

  describe('bad input', () => {
    it.each([
      ['run_command', {}, 'command'],
      ['run_command', { command: 5 }, 'command'],
      ['run_command', { command: '' }, 'command'],
      ['run_command', { command: 'true', shell: true }, 'shell'],
      ['run_command', { argv: [] }, 'argv'],
      ['run_command', { argv: [''] }, 'argv'],
      ['run_command', { argv: ['true', 7] }, 'argv'],
      ['run_command', { command: 'true', argv: ['true'] }, 'argv'],
      ['run_command', { command: 'true', timeout: -1 }, 'timeout'],
      ['run_command', { command: 'true', timeout: 1.5 }, 'timeout'],
      ['run_command', { command: 'true', max_bytes: 1e12 }, 'max_bytes'],
      ['run_command', { command: 'true', input: ['x'] }, 'input'],
      ['run_command', { command: 'true', cwd: 'missing-dir' }, 'cwd'],
      ['run_command', { command: 'true', cwd: 'notes.txt' }, 'cwd'],
      ['read_bytes', { offset: 0 }, 'path'],
      ['read_bytes', { path: 'notes.txt', offset: -1 }, 'offset'],
      ['read_bytes', { path: 'notes.txt', offset: 'zero' }, 'offset'],
      ['read_bytes', { path: 'notes.txt', window_bytes: 1e12 }, 'window_bytes'],
      ['read_bytes', { path: 'notes.txt', window_bytes: 0 }, 'window_bytes'],
      ['read_bytes', { path: 'missing.txt' }, 'path'],
      ['read_lines', { path: 'notes.txt', from_line: 0 }, 'from_line'],
      ['read_lines', { path: 'notes.txt', max_lines: 1e9 }, 'max_lines'],
      ['read_lines', { path: 'notes.txt', max_line_bytes: null }, 'max_line_bytes'],
      ['read_lines', { path: 'notes.txt', offset: 3 }, 'offset'],
    ])('should answer %s %j with isError naming %s, and keep serving', async (tool, args, field) => {
      const answer = await server.call(tool, args);
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain(field);
      const next = await server.call('run_command', { argv: ['echo', 'still serving'] });
      expect(next.text).toContain('still serving');
    });
  });
});
