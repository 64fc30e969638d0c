import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnPtyChild } from '@pipeguard/pty';
import { collectBytes, makeTempDir, ptyLoads } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';

const ptyLoadsHere = ptyLoads('run() without a terminal tests');
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PIPELINE = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/** The session and controlling terminal (0: none) fields of a /proc stat line. */
function sessionAndTerminal(stat: string): { session: number; ttyNr: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { session: Number(fields[3]), ttyNr: Number(fields[4]) };
}

describe.runIf(ptyLoadsHere)('run() on pipes gives the command no terminal to prompt on', () => {
  it('should start it in a session of its own, so opening /dev/tty fails at once with its own message', async () => {
    // The caller runs in a terminal (as a person's shell does), which a command not in its own session inherits.
    const dir = await makeTempDir('pipeguard-no-tty-');
    const script = join(dir, 'caller.mts');
    writeFileSync(
      script,
      [
        "import { readFileSync } from 'node:fs';",
        `import { run } from ${JSON.stringify(PIPELINE)};`,
        "const result = await run('sh', ['-c', 'cat /proc/self/stat; read answer < /dev/tty'], { timeout: 10_000 });",
        "const own = readFileSync('/proc/self/stat', 'latin1');",
        'const { pid, exitCode, timedOut } = result;',
        'console.log(JSON.stringify({ own, pid, exitCode, timedOut, stat: result.stdout.text, stderr: result.stderr.text }));',
      ].join('\n'),
    );
    const caller = spawnPtyChild(process.execPath, ['--import', 'tsx', script], { cwd: ROOT });
    const report = JSON.parse((await collectBytes(caller.stdout!)).toString());
    expect(sessionAndTerminal(report.own).ttyNr).not.toBe(0);
    // cat, a child of the command, shares its session: the command's own, with no controlling terminal.
    expect(sessionAndTerminal(report.stat)).toEqual({ session: report.pid, ttyNr: 0 });
    expect(report).toMatchObject({ timedOut: false, exitCode: 2 });
    expect(report.stderr).toBe('sh: 1: cannot open /dev/tty: No such device or address\n');
  });
});
