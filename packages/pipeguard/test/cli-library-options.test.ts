import { writeFile } from 'node:fs/promises';
import { CUT_AT_MODES, KEEP_MODES } from '@pipeguard/bounded-sink';
import { AGENT_PROFILE, RENDER_MODES } from '@pipeguard/pipeline';
import { useTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { completionScript } from '../src/cli/completion';
import { OPTION_TABLE_CLI } from '../src/cli/option-table';
import { parseCli } from '../src/cli/parse-cli';
import { usage } from '../src/cli/usage';
import { requireBuilt, runCli } from './helpers/cli';

const files = useTempDir('pipeguard-cli-options-');
/** The library options a command line sets. */
const optionsOf = (args: string[]) => (parseCli(args) as { options: Record<string, unknown> }).options;
const choicesOf = (name: string) => OPTION_TABLE_CLI.find((option) => option.name === name)?.choices;
// A redraw with colour: a terminal shows 'b' then a plain 'ok'.
const REDRAWN = "printf 'a\\rb\\n\\033[32mok\\033[0m\\n'";

describe('pipeguard library options: parsing', () => {
  it('should restate the libraries’ choices exactly', () => {
    expect(choicesOf('keep')).toEqual(KEEP_MODES);
    expect(choicesOf('render')).toEqual(RENDER_MODES);
    expect([...(choicesOf('cut-at') ?? [])].sort()).toEqual([...CUT_AT_MODES].sort());
  });

  it('should pass each option under its library name, and only when given', () => {
    const args = ['--render', 'terminal', '--fold-repeats', '--keep-matches', '--cut-at', 'line', '--agent'];
    expect(parseCli([...args, '--', 'make'])).toMatchObject({
      kind: 'run',
      argv: ['make'],
      options: { render: 'terminal', foldRepeats: true, keepMatches: true, cutAt: 'line', profile: 'agent' },
    });
    expect(parseCli(['--render', 'raw'])).toMatchObject({ kind: 'filter', options: { render: 'raw' } });
    expect(optionsOf(['--', 'make'])).toEqual({});
  });

  it('should take --keep-matches alone or with =TEXT (a literal), never the next word as its value', () => {
    const alone = parseCli(['--keep-matches', '--', 'make', '--keep-matches']);
    expect(alone).toMatchObject({ options: { keepMatches: true }, argv: ['make', '--keep-matches'] });
    expect(optionsOf(['--keep-matches=^E\\d+', '--', 'make']).keepMatches).toBe('^E\\d+');
    expect(optionsOf(['--keep-regex=^E\\d+', '--', 'make']).keepMatches).toEqual(/^E\d+/);
    expect(optionsOf(['--keep-matches', '--fold-repeats'])).toEqual({ keepMatches: true, foldRepeats: true });
  });

  it.each([
    [['--render', 'xterm', '--', 'x'], "--render must be terminal or raw; got 'xterm'"],
    [['--cut-at', 'word', '--', 'x'], "--cut-at must be byte or line; got 'word'"],
    [['--keep-regex=(', '--', 'x'], "--keep-regex must be a regular expression; got '('"],
    [
      ['--keep-regex=a', '--keep-matches', '--', 'x'],
      '--keep-matches and --keep-regex each choose the lines kept',
    ],
    [['--agent=yes', '--', 'x'], '--agent does not take a value'],
    [['read', 'f', '--render', 'terminal'], "--render does not apply to 'read'"],
    [['lines', 'f', '--fold-repeats'], "--fold-repeats does not apply to 'lines'"],
  ])('should reject %j with a usage error', (args, message) => {
    expect(() => parseCli(args)).toThrow(message);
  });

  it('should document each in --help and every completion', () => {
    const help = usage();
    for (const synopsis of [
      '--render terminal|raw',
      '--fold-repeats',
      '--keep-matches[=TEXT]',
      '--keep-regex REGEX',
      '--cut-at line|byte',
      '--agent',
    ]) {
      expect(help).toContain(synopsis);
    }
    expect(completionScript('bash')).not.toContain('--keep-matches)');
    expect(completionScript('zsh')).toContain("'--keep-matches=-[");
    expect(completionScript('fish')).toMatch(/-l render -x -a 'terminal raw'/);
  });
});

describe('pipeguard library options: the built binary', () => {
  beforeAll(() => requireBuilt());

  it('should render what a terminal shows with --render terminal, for a command and for stdin', async () => {
    const raw = await runCli(['--', 'sh', '-c', REDRAWN]);
    expect(raw.stdout).toBe('a\rb\n\u001b[32mok\u001b[0m\n');
    expect((await runCli(['--render', 'terminal', '--', 'sh', '-c', REDRAWN])).stdout).toBe('b\nok\n');
    const input = 'a\rb\n\u001b[32mok\u001b[0m\n';
    expect((await runCli(['--render', 'terminal'], { input })).stdout).toBe('b\nok\n');
    // Streamed through (--max-bytes none) it is rendered as well.
    expect((await runCli(['--render', 'terminal', '--max-bytes', 'none'], { input })).stdout).toBe('b\nok\n');
  });

  it('should fold repeated lines with --fold', async () => {
    const run = await runCli([
      '--fold-repeats',
      '--',
      'sh',
      '-c',
      'echo start; yes x | head -n 1000; echo end',
    ]);
    expect(run.stdout).toBe('start\nx\n[previous line repeated 999 more times]\nend\n');
    expect((await runCli(['--', 'sh', '-c', 'yes x | head -n 3'])).stdout).toBe('x\nx\nx\n');
  });

  it('should keep the middle lines that match with --keep-matches (the built-in set) or --keep-regex', async () => {
    const script = 'seq 1 20000; echo "main.c:3:5: error: boom"; echo "  at here"; seq 1 20000';
    const args = ['--max-bytes', '2000', '--keep', 'both'];
    const builtIn = await runCli([...args, '--keep-matches', '--', 'sh', '-c', script]);
    expect(builtIn.stdout).toContain(
      '1 of 1 matching lines kept]\n[line 20001, byte 108894] main.c:3:5: error: boom\n',
    );
    expect(builtIn.stdout).toContain('[line 20002, byte 108918]   at here\n');
    expect((await runCli([...args, '--', 'sh', '-c', script])).stdout).not.toContain('error: boom');
    const own = await runCli([...args, '--keep-regex=^5000$', '--', 'seq', '1', '100000']);
    expect(own.stdout).toContain('[line 5000, byte 23888] 5000\n');
    expect(own.stdout).not.toContain('error');
  });

  it('should cut the kept head at a line end with --cut-at line', async () => {
    const line = await runCli(['--max-bytes', '34', '--cut-at', 'line', '--', 'seq', '1', '100']);
    expect(line.stdout).toMatch(/\n14\n\.\.\.\[stdout truncated: 259 of 292 bytes omitted/);
    const byte = await runCli(['--max-bytes', '34', '--', 'seq', '1', '100']);
    expect(byte.stdout).toMatch(/\n14\n1\n\.\.\.\[stdout truncated: 258 of 292 bytes omitted/);
  });

  it('should apply the agent profile with --agent: the error and the summary of a long failing build kept in budget', async () => {
    const build = [
      'for i in $(seq 1 300); do printf "\\r[%3d%%] building" $i; done; echo',
      'seq 1 20000 | sed "s/^/warning: unused variable x/"',
      'echo "main.c:3:5: error: expected ; before int"',
      'echo "    3 | int x"',
      'seq 1 20000 | sed "s/^/cc -c file/"',
      'echo "make: *** [Makefile:2: all] Error 1"',
      'exit 2',
    ].join('; ');
    const run = await runCli(['--agent', '--', 'sh', '-c', build]);
    expect(run.status).toBe(2);
    expect(run.stdout).toMatch(/^\[300%\] building\nwarning: unused variable x1\n/);
    expect(run.stdout).toContain('] main.c:3:5: error: expected ; before int\n');
    expect(run.stdout).toContain('    3 | int x\n');
    expect(run.stdout).toMatch(/make: \*\*\* \[Makefile:2: all\] Error 1\n$/);
    // The budget is the profile's; only markers and excerpt addresses come on top.
    expect(Buffer.byteLength(run.stdout)).toBeLessThan(AGENT_PROFILE.maxBytes + 1000);
    const explicit = await runCli(['--agent', '--max-bytes', '100', '--', 'sh', '-c', build]);
    expect(Buffer.byteLength(explicit.stdout)).toBeLessThan(1000);
  });

  it('should decode lines that are not UTF-8 with lines --fallback', async () => {
    const file = files.path('gbk.txt');
    // '你好' and '错误' in GBK, then an ASCII line.
    await writeFile(file, Buffer.from('c4e3bac30ab4edcef30a6f6b0a', 'hex'));
    const run = await runCli(['lines', file, '--fallback', 'gbk']);
    expect(run.stdout).toBe('     1\t你好\n     2\t错误\n     3\tok\n');
    expect((await runCli(['lines', file])).stdout).toContain('\ufffd');
    expect((await runCli(['read', file, '--fallback', 'gbk'])).stdout).toBe('你好\n错误\nok\n');
  });
});
