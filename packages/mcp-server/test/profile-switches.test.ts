import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORTS, useServer } from './helpers/http-server-process';

interface StreamView {
  text: string;
  truncated: boolean;
  matched_lines: number;
  kept_matched_lines: number;
  folded_bytes: number;
  rendered_bytes: number | null;
}
interface RunOutput {
  exit_code: number | null;
  stderr_merged: boolean;
  stdout: StreamView;
  stderr: StreamView;
}

// A build as an agent sees it: a \r-redrawn progress bar, 2000 lines, one error, 2000 more lines.
const BUILD = `
import sys
for percent in range(0, 101, 10):
    sys.stdout.write("\\rlinking [%3d%%]" % percent)
sys.stdout.write("\\n")
for n in range(2000):
    print("compiled module_%d.o" % n)
print("bad.c:4:18: error: 'y' undeclared")
for n in range(2000, 4000):
    print("compiled module_%d.o" % n)
`;

let root = '';

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-profile-')));
  await writeFile(join(root, 'build.py'), BUILD);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// One table of cases, run over stdio and over Streamable HTTP alike.
describe.each(TRANSPORTS)('over %s', (_, start) => {
  const server = useServer(start, () => ['--root', root]);

  async function runCommand(args: Record<string, unknown>): Promise<RunOutput> {
    const answer = await server.call('run_command', args);
    expect(answer.isError, answer.text).toBeFalsy();
    return answer.structuredContent as unknown as RunOutput;
  }

  describe('run_command with the agent profile by default', () => {
    it('should draw a \\r progress bar as its last frame and keep a middle error line as an excerpt', async () => {
      const result = await runCommand({ argv: ['python3', 'build.py'], max_bytes: 4000 });
      expect(result.stdout.truncated).toBe(true);
      expect(result.stdout.text.startsWith('linking [100%]\ncompiled module_0.o\n')).toBe(true);
      expect(result.stdout.text).not.toContain('\r');
      expect(result.stdout.text).toMatch(/\[line \d+, byte \d+\] bad\.c:4:18: error: 'y' undeclared/);
      expect(result.stdout).toMatchObject({ matched_lines: 1, kept_matched_lines: 1, folded_bytes: 0 });
      expect(result.stdout.rendered_bytes).toBeGreaterThan(0);
      expect(result.stderr_merged).toBe(false);
    });

    it('should fold repeated lines unless fold_repeats is false', async () => {
      const command = 'yes same | head -n 50';
      const folded = await runCommand({ command });
      expect(folded.stdout.text).toBe('same\n[previous line repeated 49 more times]\n');
      expect(folded.stdout.folded_bytes).toBeGreaterThan(0);
      const plain = await runCommand({ command, fold_repeats: false });
      expect(plain.stdout.text).toBe('same\n'.repeat(50));
      expect(plain.stdout.folded_bytes).toBe(0);
    });

    it('should keep lines holding the keep_matches text, and none with keep_matches false', async () => {
      const custom = await runCommand({
        argv: ['python3', 'build.py'],
        max_bytes: 4000,
        keep_matches: 'module_3000.o',
      });
      expect(custom.stdout.text).toMatch(/\[line \d+, byte \d+\] compiled module_3000\.o/);
      expect(custom.stdout.text).not.toContain('undeclared');
      const off = await runCommand({ argv: ['python3', 'build.py'], max_bytes: 4000, keep_matches: false });
      expect(off.stdout.text).not.toContain('undeclared');
      expect(off.stdout.kept_matched_lines).toBe(0);
    });

    it('should match a keep_matches string as written, a literal: regular-expression characters match themselves', async () => {
      // As a regular expression, module_3[0-9]00\.o would match ten more lines of the omitted middle.
      const result = await runCommand({
        command:
          "seq 1 4000 | sed 's/.*/compiled module_&.o/; 2000a\\\nmodule_3[0-9]00.o is the text asked for'",
        max_bytes: 4000,
        keep_matches: 'module_3[0-9]00.o',
      });
      expect(result.stdout.truncated).toBe(true);
      expect(result.stdout).toMatchObject({ matched_lines: 1, kept_matched_lines: 1 });
      expect(result.stdout.text).toMatch(
        /\[line 2001, byte \d+\] module_3\[0-9\]00\.o is the text asked for/,
      );
    });
  });

  describe('run_command render: raw', () => {
    it('should keep every frame of the progress bar as written', async () => {
      const result = await runCommand({ argv: ['python3', 'build.py'], max_bytes: 4000, render: 'raw' });
      expect(result.stdout.text).toContain('\rlinking [ 50%]\rlinking [ 60%]');
      expect(result.stdout.rendered_bytes).toBeNull();
    });
  });

  describe('run_command pty: true', () => {
    it('should run the command on a terminal and merge stderr into stdout', async () => {
      const result = await runCommand({
        argv: [
          'python3',
          '-c',
          'import sys; print(sys.stdout.isatty()); print("to stderr", file=sys.stderr)',
        ],
        pty: true,
      });
      expect(result.stdout.text).toBe('True\nto stderr\n');
      expect(result.stderr_merged).toBe(true);
      expect(result.stderr.text).toBe('');
      const piped = await runCommand({ argv: ['python3', '-c', 'import sys; print(sys.stdout.isatty())'] });
      expect(piped.stdout.text).toBe('False\n');
    });
  });

  describe('run_command bad switch values', () => {
    it.each([
      [{ render: 'plain' }, 'render'],
      [{ render: true }, 'render'],
      [{ fold_repeats: 'yes' }, 'fold_repeats'],
      [{ keep_matches: '' }, 'keep_matches'],
      [{ keep_matches: 5 }, 'keep_matches'],
      [{ keep_matches: 'a\nb' }, 'keep_matches'],
      [{ keep_matches: 'x'.repeat(201) }, 'keep_matches'],
      [{ pty: 'auto' }, 'pty'],
    ])('should answer %j with isError naming %s as a known field with a bad value', async (args, field) => {
      const answer = await server.call('run_command', { command: 'true', ...args });
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain(field);
      expect(answer.text).not.toContain('Unrecognized key');
    });

    it('should refuse the pipeline options the tool does not offer, such as profile', async () => {
      const answer = await server.call('run_command', { command: 'true', profile: 'agent' });
      expect(answer.isError).toBe(true);
      expect(answer.text).toContain('profile');
    });
  });
});
