import { writeFile } from 'node:fs/promises';
import { useTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, runCli } from './helpers/cli';

// 140 bytes on one line, with 2-, 3- and 4-byte characters for the windows to cut through.
const JSON_LINE = JSON.stringify({
  items: [
    { id: 1, name: 'café ☕', tags: ['hot', 'crème'] },
    { id: 2, name: 'naïve 😀', tags: [] },
    { id: 3, name: 'plain', tags: ['x'] },
  ],
});

describe('pipeguard read and lines', () => {
  const files = useTempDir('pipeguard-cli-');
  let json = '';
  let numbered = '';
  beforeAll(async () => {
    requireBuilt();
    json = files.path('data.min.json');
    numbered = files.path('numbers.txt');
    await writeFile(json, JSON_LINE);
    await writeFile(numbered, Array.from({ length: 10 }, (_, i) => `${i + 1}\n`).join(''));
  }, 120_000);

  it('should print a window on stdout and its edges and next offset on stderr when reading mid-character', async () => {
    const run = await runCli(['read', json, '--offset', '32', '--window-bytes', '56']);
    expect(run).toMatchObject({
      status: 0,
      stdout: '☕","tags":["hot","crème"]},{"id":2,"name":"naïve ',
      stderr:
        'pipeguard: read bytes 32 up to 85 of 140; trimmed 0 at the start, 3 at the end; 0 ill-formed bytes; ' +
        `next offset 85: pipeguard read ${json} --window-bytes 56 --offset 85\n`,
    });
  });

  it('should say end of file when the window reaches it', async () => {
    const run = await runCli(['read', json, '--offset', '85', '--window-bytes', '1KiB']);
    expect(run.stdout).toBe('😀","tags":[]},{"id":3,"name":"plain","tags":["x"]}]}');
    expect(run.stderr).toBe(
      'pipeguard: read bytes 85 up to 140 of 140; trimmed 0 at the start, 0 at the end; 0 ill-formed bytes; end of file\n',
    );
  });

  it('should count invalid bytes when the file is not UTF-8', async () => {
    const latin1 = files.path('latin1.txt');
    await writeFile(latin1, Buffer.from('caf\xe9 cr\xe8me\n', 'latin1'));
    const run = await runCli(['read', latin1]);
    expect(run.stdout).toBe('caf\uFFFD cr\uFFFDme\n');
    expect(run.stderr).toContain('; 2 ill-formed bytes; end of file');
  });

  it('should print the window object when given --json', async () => {
    const run = await runCli(['read', json, '--offset', '33', '--window-bytes', '4', '--json']);
    expect(JSON.parse(run.stdout)).toEqual({
      schemaVersion: 1,
      command: 'read',
      text: '",',
      offset: 35,
      byteLength: 2,
      nextOffset: 37,
      trimmedStartBytes: 2,
      trimmedEndBytes: 0,
      illFormedBytes: 0,
      fallbackBytes: 0,
      eof: false,
      fileSize: 140,
    });
    expect(run.stderr).toBe('');
  });

  it('should print numbered clipped lines with the exact marker and how to read the rest', async () => {
    const run = await runCli(['lines', json, '--max-line-bytes', '34']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      '     1\t{"items":[{"id":1,"name":"café …[+108 bytes omitted, starting at byte offset 32 up to and including byte offset 139]\n\n' +
        `[1 of 1 lines exceeded 34 bytes; longest: line 1, 140 bytes. Omitted part of line 1: pipeguard read ${json} --offset 32 --window-bytes 108]\n`,
    );
    expect(run.stderr).toBe('');
  });

  it('should page through lines with --from-line and --max-lines and name the next page', async () => {
    const run = await runCli(['lines', numbered, '--from-line', '3', '--max-lines', '2']);
    expect(run.stdout).toBe('     3\t3\n     4\t4\n');
    expect(run.stderr).toBe(
      `pipeguard: more lines: pipeguard lines ${numbered} --max-lines 2 --from-line 5\n`,
    );
    const past = await runCli(['lines', numbered, '--from-line', '30']);
    expect(past.stdout).toBe('[No lines from line 30: the file has 10 lines.]\n');
  });

  it('should print the page object when given --json', async () => {
    const run = await runCli(['lines', json, '--max-line-bytes', '34', '--json']);
    const page = JSON.parse(run.stdout);
    expect(page).toMatchObject({ firstLine: 1, lineCount: 1, nextLine: 2, eof: true });
    expect(page.clipped).toEqual([
      { line: 1, lineBytes: 140, keptBytes: 32, omittedBytes: 108, omittedStart: 32, omittedEnd: 139 },
    ]);
  });

  it.each([
    [['read', 'missing.txt'], "pipeguard: cannot read 'missing.txt': no such file (see pipeguard --help)\n"],
    [
      ['lines', '/'],
      'pipeguard: cannot read "/": it is a directory, and byte-addressed reads need a regular file (see pipeguard --help)\n',
    ],
    [
      ['read', 'x', '--window-bytes', 'lots'],
      "pipeguard: --window-bytes must be a byte size such as 2000, 64KiB or 1MiB; got 'lots' (see pipeguard --help)\n",
    ],
    [
      ['lines', 'x', '--offset', '1'],
      "pipeguard: --offset does not apply to 'lines' (see pipeguard --help)\n",
    ],
  ])('should exit 2 with one line on stderr when given %j', async (args, stderr) => {
    const run = await runCli(args);
    expect(run).toMatchObject({ status: 2, stdout: '', stderr });
  });
});

describe('pipeguard --help and --version', () => {
  beforeAll(() => requireBuilt());

  it('should print the usage and exit 0 when given --help', async () => {
    const run = await runCli(['--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Usage: pipeguard \[run\] \[options\] -- COMMAND \[ARGS\.\.\.\]/);
    expect(run.stdout).toContain('Exit status:');
  });

  it('should list exit status 125 and describe --redact as the switch it is', async () => {
    const run = await runCli(['--help']);
    expect(run.stdout.replace(/\s+/g, ' ')).toContain('125 if it was ended waiting for input');
    expect(run.stdout).not.toContain("(true, or the redactor's options)");
    expect(run.stdout.replace(/\s+/g, ' ')).toContain('on or off;');
  });

  it('should print the version and exit 0 when given --version', async () => {
    const run = await runCli(['--version']);
    expect(run).toMatchObject({ status: 0, stdout: 'pipeguard 0.1.0\n', stderr: '' });
  });

  it('should exit 2 with one line and no stack trace when given an unknown option', async () => {
    const run = await runCli(['--frobnicate', '--', 'true']);
    expect(run).toMatchObject({
      status: 2,
      stdout: '',
      stderr: "pipeguard: unknown option '--frobnicate' (see pipeguard --help)\n",
    });
  });
});
