import { ptyLoads, xtermLines } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, runCli } from './helpers/cli';

const ptyLoadsHere = ptyLoads('pipeguard --pty size tests');

// A 30-character line, a CR that returns to the start of the row it ends on, and a move up into that row.
const WRAPPED = "printf 'abcdefghijklmnopqrstuvwxyz0123\\rXY\\nnext\\033[A\\rUP\\n\\n'";
// Eight lines on a screen five rows tall: the cursor's home is then the line '5'.
const ADDRESSED = "seq 1 8; printf '\\033[HTOP\\033[5;1H'";

describe.runIf(ptyLoadsHere)('pipeguard --pty --cols --rows', () => {
  beforeAll(() => requireBuilt());

  it.each([
    ['a long line redrawn at --cols 10', WRAPPED, 10, 24],
    ['cursor addressing at --rows 5', ADDRESSED, 20, 5],
  ])('should print %s as @xterm/headless shows it at that size', async (_name, script, cols, rows) => {
    // Arrange: what the program drew, raw, on the same terminal.
    const size = ['--pty', '--cols', String(cols), '--rows', String(rows)];
    const raw = await runCli([...size, '--render', 'raw', '--', 'sh', '-c', script]);
    // Act
    const rendered = await runCli([...size, '--', 'sh', '-c', script]);
    // Assert
    expect(rendered.status).toBe(0);
    const expected = await xtermLines(Buffer.from(raw.stdout), cols, rows);
    expect(rendered.stdout.replace(/\n$/, '').split('\n')).toEqual(expected);
  });

  it('should give a 30-character line wrapped at --cols 10 back as one line, redrawn in its last row', async () => {
    const run = await runCli(['--pty', '--cols', '10', '--', 'sh', '-c', WRAPPED]);
    expect(run).toMatchObject({ status: 0, stdout: 'abcdefghijklmnopqrstUPwxyz0123\nnext\n', stderr: '' });
  });
});
