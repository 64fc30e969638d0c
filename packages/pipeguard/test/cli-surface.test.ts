import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { quoteShellArgument } from '@pipeguard/shared';
import { undeclaredFields, useTempDir } from '@pipeguard/test-utils';
import Ajv from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { completionScript } from '../src/cli/completion';
import { cliJsonSchema } from '../src/cli/json-schema';
import { CURRENT_OPTIONS } from '../src/cli/option-table';
import { parseCli } from '../src/cli/parse-cli';
import { usage } from '../src/cli/usage';
import { CLI, requireBuilt, runCli } from './helpers/cli';

const schema = JSON.parse(readFileSync(new URL('../schema.json', import.meta.url), 'utf8'));

describe('pipeguard option table', () => {
  it.each(['bash', 'zsh', 'fish'] as const)(
    'should list every option of the table in the %s completion',
    (shell) => {
      const script = completionScript(shell);
      for (const option of CURRENT_OPTIONS)
        expect(script, option.name).toMatch(new RegExp(`(--|-l )${option.name}\\b`));
    },
  );

  it('should list every option once in --help, under the commands it applies to', () => {
    const help = usage();
    for (const option of CURRENT_OPTIONS) {
      // Listed: at the start of a line (another option's help may mention it). `--keep` is not `--keep-matches`.
      const listed = new RegExp(`^ {2}(-\\w, | {4})--${option.name}(?![\\w-])`, 'gm');
      expect(help.match(listed)?.length, option.name).toBe(1);
    }
    const timeoutSection = help.slice(help.lastIndexOf('Options for', help.indexOf('--timeout')));
    expect(timeoutSection.split('\n')[0]).toBe('Options for COMMAND:');
  });

  it('should pass only the options the user set, under the library names', () => {
    expect(parseCli(['--', 'true'])).toMatchObject({ kind: 'run', options: {}, stdin: true });
    expect(parseCli(['lines', 'f'])).toMatchObject({ options: {} });
    expect(
      parseCli(['run', '--max-bytes', 'none', '--no-binary-guard', '--no-stdin', '--', 'x']),
    ).toMatchObject({
      kind: 'run',
      argv: ['x'],
      options: { maxBytes: null, binaryGuard: false },
      stdin: false,
    });
    expect(parseCli(['lines', 'f', '--from-line', '3', '--max-lines', '2'])).toMatchObject({
      options: { fromLine: 3, maxLines: 2 },
    });
  });
});

describe('pipeguard commands', () => {
  const files = useTempDir('pipeguard-surface-');
  beforeAll(() => requireBuilt());

  it('should run the command after run -- as after a bare --', async () => {
    const run = await runCli(['run', '--max-bytes', '2', '--', 'echo', 'hello']);
    expect(run).toMatchObject({
      status: 0,
      stdout: 'he\n...[stdout truncated: 4 of 6 bytes omitted; limit is 2 bytes]\n',
    });
  });

  it("should give the command pipeguard's stdin, and close it with --no-stdin", async () => {
    expect((await runCli(['--', 'wc', '-c'], { input: 'data\n' })).stdout.trim()).toBe('5');
    expect((await runCli(['--no-stdin', '--', 'wc', '-c'], { input: 'data\n' })).stdout.trim()).toBe('0');
  });

  it('should start a note on its own line after stdout without a final newline when both go to one place', async () => {
    const shell = `${[process.execPath, CLI, '--timeout', '1s', '--', 'sh', '-c', 'printf abc; sleep 10'].map(quoteShellArgument).join(' ')} 2>&1`;
    const { stdout } = await promisify(execFile)('sh', ['-c', `${shell}; true`]);
    expect(stdout).toMatch(/^abc\npipeguard: timed out: the 1 s timeout fired;/);
  });

  it('should write the raw stream to a 0600 file named in the marker when given --spill', async () => {
    const run = await runCli(['--spill', files.path('.'), '--max-bytes', '4', '--', 'echo', 'hello world']);
    const path = /full output in (\S+); omitted bytes start at byte offset 4\]/.exec(
      run.stdout,
    )?.[1] as string;
    expect(readFileSync(path, 'utf8')).toBe('hello world\n');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('should print one interleaved view of both streams when given --all', async () => {
    const run = await runCli([
      '--all',
      '--',
      'sh',
      '-c',
      'echo out; sleep 0.2; echo err >&2; sleep 0.2; echo out2',
    ]);
    expect(run).toMatchObject({ stdout: 'out\nerr\nout2\n', stderr: '' });
  });

  it('should keep every option in the next-page hints and never suggest an empty window again', async () => {
    const file = files.path('lines.txt');
    await writeFile(file, 'one\ntwo\nthree\n');
    const lines = await runCli(['lines', file, '--max-line-bytes', '100', '--max-lines', '1']);
    expect(lines.stderr).toBe(
      `pipeguard: more lines: pipeguard lines ${file} --max-line-bytes 100 --max-lines 1 --from-line 2\n`,
    );
    const empty = await runCli(['read', file, '--window-bytes', '0', '--offset', '4']);
    expect(empty.stderr).toMatch(new RegExp(`next offset 4: pipeguard read ${file} --offset 4\\n$`));
  });

  it('should withhold a binary file behind a placeholder in lines and read unless --no-binary-guard', async () => {
    for (const kind of ['lines', 'read']) {
      const run = await runCli([kind, '/usr/bin/ls']);
      expect(run.stdout).toMatch(/^\[binary file withheld: \/usr\/bin\/ls looks binary/);
      expect([...run.stdout].filter((c) => c < ' ' && c !== '\n')).toEqual([]);
    }
    expect(
      (await runCli(['lines', '--no-binary-guard', '/usr/bin/ls', '--max-lines', '1'])).stdout,
    ).toContain('ELF');
  });

  it('should decode a window with --fallback in read', async () => {
    const file = files.path('latin1.txt');
    await writeFile(file, Buffer.from('caf\xe9\n', 'latin1'));
    expect((await runCli(['read', file, '--fallback', 'windows-1252'])).stdout).toBe('café\n');
  });

  it('should print JSON that the shipped schema accepts and declares field by field for every command', async () => {
    // Arrange: runs that fill every part of a result (rendering, folding, excerpts, redaction, spill, live lines).
    const validate = new Ajv({ strict: false }).compile(schema);
    const file = files.path('json.txt');
    await writeFile(file, 'a\nb\n');
    const noisy =
      'for i in 1 2 3 4 5 6; do echo same; done; seq 1 100; echo ERROR here; seq 101 300; printf "\\r50%%\\r99%%\\n"';
    const outputs = await Promise.all([
      runCli(['--json', '--', 'sh', '-c', 'echo x; echo y >&2; exit 4']),
      runCli(['--json', '--all', '--max-bytes', '1', '--', 'echo', 'xy']),
      runCli(
        ['--json', '--agent', '--max-bytes', '200', '--spill', files.path('.'), '--', 'sh', '-c', noisy],
        {
          env: { ...process.env, API_TOKEN: 'sekrit-value-1234' },
        },
      ),
      runCli(['--json', '--live-lines', '--fold-repeats', '--', 'sh', '-c', 'echo a; echo a; echo b >&2']),
      runCli(['--json'], { input: 'stdin\n' }),
      runCli(['read', file, '--json']),
      runCli(['lines', file, '--json', '--max-line-bytes', '1']),
      runCli(['lines', '/usr/bin/ls', '--json']),
    ]);
    // Act and assert
    const seen = new Set<string>();
    for (const output of outputs) {
      const document = JSON.parse(output.stdout);
      expect(validate(document), JSON.stringify(validate.errors)).toBe(true);
      expect(undeclaredFields(schema, document)).toEqual([]);
      expect(document.schemaVersion).toBe(1);
      for (const stream of [document.stdout, document.stderr, document])
        for (const key of ['renderer', 'folder', 'redactionsByKind', 'spillPath'])
          if (stream?.[key] !== null && stream?.[key] !== undefined) seen.add(key);
      if (document.stdout?.excerpts?.length > 0) seen.add('excerpts');
      if (document.liveLines) seen.add('liveLines');
    }
    // The runs did reach the nested parts the schema describes.
    expect([...seen].sort()).toEqual([
      'excerpts',
      'folder',
      'liveLines',
      'redactionsByKind',
      'renderer',
      'spillPath',
    ]);
  });

  it('should ship the schema.json the result tables write (pnpm --filter pipeguard schema)', () => {
    expect(schema).toEqual(cliJsonSchema());
  });
});

describe('pipeguard --fallback', () => {
  beforeAll(() => requireBuilt());

  it('should exit 2 naming an encoding iconv-lite does not know', async () => {
    const run = await runCli(['--fallback', 'gbk,klingon', '--', 'true']);
    expect(run).toMatchObject({
      status: 2,
      stderr:
        "pipeguard: --fallback must be auto, none or encodings such as gbk, shift_jis, windows-1252; unknown encoding 'klingon' (see pipeguard --help)\n",
    });
  });
});
