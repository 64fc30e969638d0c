import { describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli/parse-cli';
import { UsageError } from '../src/cli/usage-error';

describe('parseCli', () => {
  it('should read a command after -- with every capture option when all are given', () => {
    const args = ['--max-bytes', '64KiB', '--keep', 'both', '--timeout', '2m', '--fallback', 'gbk,shift_jis'];
    const command = parseCli([
      ...args,
      '--no-binary-guard',
      '--max-line-bytes',
      '2000',
      '--json',
      '--',
      'ls',
      '-la',
    ]);
    expect(command).toMatchObject({
      kind: 'run',
      argv: ['ls', '-la'],
      options: {
        maxBytes: 65536,
        keep: 'both',
        timeout: 120_000,
        fallback: ['gbk', 'shift_jis'],
        binaryGuard: false,
        maxLineBytes: 2000,
      },
      stdin: true,
      json: true,
    });
  });

  it('should leave every option the user did not set to the library', () => {
    expect(parseCli(['--', 'echo', '--json'])).toEqual({
      kind: 'run',
      argv: ['echo', '--json'],
      options: {},
      given: [],
      stdin: true,
      json: false,
      notes: [],
    });
  });

  it.each([
    [['lines', 'a', '--from', '3', '--count', '2'], { fromLine: 3, maxLines: 2 }, ['--from', '--count']],
    [['read', 'a', '--limit', '1KiB'], { windowBytes: 1024 }, ['--limit']],
    [['--fold', '--live', '--', 'ls'], { foldRepeats: true, liveLines: true }, ['--fold', '--live']],
  ])('should still take the deprecated flags of %j with a note for each', (args, options, old) => {
    const command = parseCli(args) as { options: object; notes: readonly string[] };
    expect(command.options).toEqual(options);
    expect(command.notes).toHaveLength(old.length);
    for (const [index, name] of old.entries())
      expect(command.notes[index]).toMatch(new RegExp(`^${name} is deprecated: use --`));
  });

  it.each([
    ['30s', 30_000, 0],
    ['1500ms', 1500, 0],
    ['2m', 120_000, 0],
    ['30', 30_000, 1],
  ])(
    'should read --timeout %s as %i ms with %i notes (a bare number: seconds, deprecated)',
    (text, ms, notes) => {
      const command = parseCli(['--timeout', text, '--', 'ls']) as {
        options: object;
        notes: readonly string[];
      };
      expect(command.options).toEqual({ timeout: ms });
      expect(command.notes).toHaveLength(notes);
    },
  );

  it('should filter standard input when no command is given', () => {
    expect(parseCli(['--max-bytes', 'none', '--fallback', 'auto'])).toMatchObject({
      kind: 'filter',
      options: { maxBytes: null, fallback: 'auto' },
    });
  });

  it('should read the file commands with their sizes under the library names', () => {
    expect(parseCli(['read', 'a.txt', '--offset', '1KiB'])).toMatchObject({
      kind: 'read',
      file: 'a.txt',
      options: { offset: 1024 },
      json: false,
    });
    expect(parseCli(['lines', 'a.txt', '--from-line', '10', '--json'])).toMatchObject({
      kind: 'lines',
      file: 'a.txt',
      options: { fromLine: 10 },
      json: true,
    });
  });

  it.each([
    [['--bogus'], "unknown option '--bogus'"],
    [['-x'], "unknown option '-x'"],
    [['--max-bytes'], '--max-bytes is missing its value'],
    [
      ['--max-bytes', '-1', '--', 'ls'],
      "--max-bytes is missing its value (for a value starting with '-', write --max-bytes=VALUE)",
    ],
    [['--json=yes'], '--json does not take a value'],
    [
      ['--max-bytes', '1x', '--', 'ls'],
      "--max-bytes must be a byte size such as 2000, 64KiB, 1MiB or none; got '1x'",
    ],
    [
      ['--max-bytes', '0.5', '--', 'ls'],
      "--max-bytes must be a byte size such as 2000, 64KiB, 1MiB or none; got '0.5'",
    ],
    [['--keep', 'middle', '--', 'ls'], "--keep must be head, tail or both; got 'middle'"],
    [['--timeout', '0', '--', 'ls'], "--timeout must be a duration such as 30s, 1500ms, 2m or none; got '0'"],
    [
      ['--timeout', '5 days', '--', 'ls'],
      "--timeout must be a duration such as 30s, 1500ms, 2m or none; got '5 days'",
    ],
    [
      ['--max-line-bytes', '0', '--', 'ls'],
      "--max-line-bytes must be a byte size of at least 1 such as 2000, 64KiB, 1MiB or none; got '0'",
    ],
    [['--timeout', '1s'], '--timeout does not apply to filtering standard input'],
    [['--offset', '3', '--', 'ls'], '--offset does not apply to running a command'],
    [['read', 'a', '--from-line', '2'], "--from-line does not apply to 'read'"],
    [['lines', 'a', '--keep', 'tail'], "--keep does not apply to 'lines'"],
    [
      ['read', 'a', '--offset', 'none'],
      "--offset must be a byte size such as 2000, 64KiB or 1MiB; got 'none'",
    ],
    [['lines', 'a', '--max-lines', '0'], "--max-lines must be a whole number of at least 1; got '0'"],
    [['lines', 'a', '--from-line', '1.5'], "--from-line must be a whole number of at least 1; got '1.5'"],
    [['read'], "'read' takes exactly one FILE argument"],
    [['lines', 'a', 'b'], "'lines' takes exactly one FILE argument"],
    [['read', 'a', '--', 'ls'], "'read' takes exactly one FILE argument"],
    [['ls', '-la'], "unknown command 'ls'; to run a command, put it after --: pipeguard -- ls"],
    [['ls'], "unknown command 'ls'; to run a command, put it after --: pipeguard -- ls"],
  ])('should throw a UsageError when given %j', (args, message) => {
    expect(() => parseCli(args)).toThrow(new UsageError(message));
  });

  it('should answer --help and --version before checking anything else', () => {
    expect(parseCli(['--keep', 'nonsense', '--help'])).toEqual({ kind: 'help' });
    expect(parseCli(['-v'])).toEqual({ kind: 'version' });
  });
});
