import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { makeTempDir, ptyLoads, writeSudoLikeScript } from '@pipeguard/test-utils';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { InputWait, PtyChild } from '../../src/index';
import { readProcessStat } from '../../src/input-wait/process-stat';
import { watchedPty } from './watched-pty';

const ptyLoadsHere = ptyLoads('Input-wait prompt tests');
const PYTHON = '/usr/bin/python3';

/** A C locale, so that messages (rm's) are the ones asserted. */
const cLocale = () => ({ ...process.env, LC_ALL: 'C', LANG: 'C' });

/** Checks what every wait found through /proc under a terminal says of itself. */
function expectProcWait(wait: InputWait, child: PtyChild): void {
  expect(wait.evidence).toMatchObject({ method: 'proc', input: 'terminal' });
  const reader = readProcessStat(wait.evidence.pid as number);
  // The reader is the command or one of its session (a child such as git-remote-http).
  expect(reader).toMatchObject({ session: child.pid });
  expect(wait.evidence.summary).toContain(`pid ${wait.evidence.pid}`);
  // `since` is when the quiet spell began, an epoch time in ms: checked for its kind, not against the clock.
  expect(Number.isFinite(wait.since) && wait.since > 0).toBe(true);
}

describe.runIf(ptyLoadsHere)('InputWaitWatch on real prompts under a pseudo-terminal', () => {
  it('should recognise read -p, with its prompt, blocked in read(0) of the terminal', async () => {
    const { child, firstWait } = watchedPty('bash', ['-c', 'read -p "Your name? " name']);
    const wait = await firstWait;
    expect(wait.prompt).toBe('Your name?');
    expectProcWait(wait, child);
    expect(wait.evidence).toMatchObject({ processName: 'bash', syscall: 'read', fd: 0, secret: false });
    expect(wait.evidence.terminalModes).toMatchObject({ canonical: true });
  });

  it('should recognise read -s as a secret from the modes it sets, whatever its prompt says', async () => {
    const { child, firstWait } = watchedPty('bash', ['-c', 'read -s -p "Enter it: " it']);
    const wait = await firstWait;
    expect(wait.prompt).toBe('Enter it:');
    expectProcWait(wait, child);
    expect(wait.evidence.terminalModes).toMatchObject({ echo: false, canonical: true, echoKill: false });
    expect(wait.evidence.secret).toBe(true);
  });

  it('should recognise rm -i asking to remove a file', async () => {
    const dir = await makeTempDir('pipeguard-rm-i-');
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'keep me\n');
    const { child, firstWait } = watchedPty('rm', ['-i', file], { env: cLocale() });
    const wait = await firstWait;
    expect(wait.prompt).toBe(`rm: remove regular file '${file}'?`);
    expectProcWait(wait, child);
    expect(wait.evidence).toMatchObject({ processName: 'rm', syscall: 'read', fd: 0 });
  });

  it("should recognise python3 -c 'input()' with its prompt", async () => {
    const { child, firstWait } = watchedPty(PYTHON, ['-c', 'input("Project name: ")']);
    const wait = await firstWait;
    expect(wait.prompt).toBe('Project name:');
    expectProcWait(wait, child);
    expect(wait.evidence).toMatchObject({ processName: 'python3', syscall: 'read', fd: 0 });
  });

  it('should recognise a sudo-style password prompt on /dev/tty with echo turned off', async () => {
    const script = await writeSudoLikeScript({ flushTypedAhead: false });
    const { child, firstWait } = watchedPty(script, []);
    const wait = await firstWait;
    expect(wait.prompt).toMatch(/^\[sudo\] password for \S+:$/);
    expectProcWait(wait, child);
    expect(wait.evidence).toMatchObject({ syscall: 'read', secret: true });
    // The shell's read takes the descriptor onto its stdin: what it links to is /dev/tty, not the pts path.
    expect(wait.evidence.summary).toContain(`read(${wait.evidence.fd}) of /dev/tty`);
    expect(wait.evidence.terminalModes).toMatchObject({ echo: false, canonical: true });
  });

  it('should recognise less paging a long file, in key-at-a-time input', async () => {
    const dir = await makeTempDir('pipeguard-less-');
    const file = join(dir, 'long.log');
    writeFileSync(file, Array.from({ length: 2000 }, (_, index) => `line ${index + 1}\n`).join(''));
    const { child, firstWait } = watchedPty('less', [file], { env: { ...process.env, LESS: '' } });
    const wait = await firstWait;
    // less's first prompt is the file's name, in reverse video (dropped from the text).
    expect(wait.prompt).toBe(file);
    expectProcWait(wait, child);
    expect(wait.evidence).toMatchObject({ processName: 'less', syscall: 'read' });
    expect(wait.evidence.terminalModes).toMatchObject({ canonical: false });
  });

  it('should recognise git asking for a username of an HTTP remote without askpass', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="pipeguard test"' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/repo.git`;
    const home = await makeTempDir('pipeguard-git-home-');
    const env: NodeJS.ProcessEnv = { ...cLocale(), HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
    for (const name of ['GIT_ASKPASS', 'SSH_ASKPASS', 'GIT_TERMINAL_PROMPT']) delete env[name];
    const { child, firstWait } = watchedPty('git', ['-c', 'credential.helper=', 'ls-remote', url], { env });
    const wait = await firstWait;
    expect(wait.prompt).toBe(`Username for '${url.slice(0, url.indexOf('/repo.git'))}':`);
    expectProcWait(wait, child);
    // git hands HTTP to a helper of its own, which reads /dev/tty: a member of the foreground group.
    expect(wait.evidence.pid).not.toBe(child.pid);
    expect(wait.evidence.summary).toContain('/dev/tty');
  });

  it('should recognise an apt-style Y/n confirmation', async () => {
    const script = [
      'printf "The following NEW packages will be installed:\\n  hello\\n"',
      'printf "Do you want to continue? [Y/n] "',
      'read answer',
    ].join('; ');
    const { child, firstWait } = watchedPty('sh', ['-c', script]);
    const wait = await firstWait;
    expect(wait.prompt).toBe('Do you want to continue? [Y/n]');
    expectProcWait(wait, child);
  });

  it("should recognise npx's readline confirmation, a Node program waiting in epoll on the terminal alone", async () => {
    const program = [
      "const rl = require('node:readline').createInterface({ input: process.stdin, output: process.stdout });",
      "rl.question('Need to install the following packages:\\n  cowsay@1.6.0\\nOk to proceed? (y) ', () => rl.close());",
    ].join('\n');
    const { child, firstWait } = watchedPty(process.execPath, ['-e', program]);
    const wait = await firstWait;
    expect(wait.prompt).toBe('Ok to proceed? (y)');
    expectProcWait(wait, child);
    expect(wait.evidence.syscall).toMatch(/^epoll_/);
    expect(wait.evidence.fd).toBeNull();
  });
});
