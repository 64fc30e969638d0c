import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { liveGroupMembers, makeTempDir, ptyLoads, writeSudoLikeScript } from '@pipeguard/test-utils';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type RunResult, run } from '../../src/index';

const ptyLoadsHere = ptyLoads('run() input-wait tests');
const PYTHON = '/usr/bin/python3';
/** A C locale, so that messages (rm's) are the ones asserted. */
const cLocale = () => ({ ...process.env, LC_ALL: 'C', LANG: 'C' });

/** A live input stream the test never ends: the command's stdin stays open, so a prompt waits. */
function liveInput(): PassThrough {
  const input = new PassThrough();
  onTestFinished(() => {
    input.destroy();
  });
  return input;
}

/** Checks that a run ended for its wait: the prompt, /proc's evidence, and nothing of its group left. */
function expectEndedOnWait(result: RunResult, prompt: string | RegExp): void {
  expect(result.endedOnInputWait).toBe(true);
  expect(result.inputWait?.prompt).toMatch(prompt);
  expect(result.inputWait?.evidence).toMatchObject({ method: 'proc', input: 'terminal' });
  expect(liveGroupMembers(result.pid as number)).toEqual([]);
}

const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe('run() input-wait options', () => {
  it.each([
    [
      { onInputWait: 'stop' },
      RangeError,
      `The "onInputWait" option must be one of 'wait', 'end'. Received 'stop'`,
    ],
    [
      { onInputWait: 1 },
      TypeError,
      `The "onInputWait" option must be one of 'wait', 'end'. Received type number (1)`,
    ],
    [
      { inputWaitMs: -1 },
      RangeError,
      'The "inputWaitMs" option must be a non-negative safe integer. Received -1',
    ],
  ])('should reject %j before spawning', (options, errorClass, message) => {
    expect(() => run('pipeguard-no-such-command', [], options as never)).toThrow(errorClass);
    expect(() => run('pipeguard-no-such-command', [], options as never)).toThrow(message);
  });
});

describe.runIf(ptyLoadsHere)('run() ending a command that waits for input under a pseudo-terminal', () => {
  const end = { pty: true, onInputWait: 'end' } as const;

  it('should end read -p and resolve with its prompt and the output so far', async () => {
    const result = await run('bash', ['-c', 'echo starting; read -p "Your name? " name'], {
      ...end,
      input: liveInput(),
    });
    expectEndedOnWait(result, exact('Your name?'));
    expect(result.inputWait?.evidence).toMatchObject({ processName: 'bash', syscall: 'read', fd: 0 });
    expect(result.stdout.text).toBe('starting\nYour name? ');
  });

  it('should end read -s and call it a secret', async () => {
    const result = await run('bash', ['-c', 'read -s -p "Enter it: " it'], { ...end, input: liveInput() });
    expectEndedOnWait(result, exact('Enter it:'));
    expect(result.inputWait?.evidence.secret).toBe(true);
  });

  it('should end rm -i with its question, and the file is kept', async () => {
    const dir = await makeTempDir('pipeguard-run-rm-i-');
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'keep me\n');
    const result = await run('rm', ['-i', file], { ...end, input: liveInput(), env: cLocale() });
    expectEndedOnWait(result, exact(`rm: remove regular file '${file}'?`));
    expect(existsSync(file)).toBe(true);
  });

  it("should end python3 -c 'input()' with its prompt", async () => {
    const result = await run(PYTHON, ['-c', 'input("Project name: ")'], { ...end, input: liveInput() });
    expectEndedOnWait(result, exact('Project name:'));
    expect(result.inputWait?.evidence.processName).toBe('python3');
  });

  it('should end a password prompt that turns echo off and reads the terminal, with no input given', async () => {
    const script = await writeSudoLikeScript({ flushTypedAhead: true });
    const result = await run(script, [], end);
    expectEndedOnWait(result, /^\[sudo\] password for \S+:$/);
    expect(result.inputWait?.evidence).toMatchObject({ secret: true, terminalModes: { echo: false } });
  });

  it('should end less paging a long file, with its prompt', async () => {
    const dir = await makeTempDir('pipeguard-run-less-');
    const file = join(dir, 'long.log');
    writeFileSync(file, Array.from({ length: 2000 }, (_, index) => `line ${index + 1}\n`).join(''));
    const result = await run('less', [file], { ...end, env: { ...process.env, LESS: '' } });
    // The ^D that ends run()'s input is a key to less (half a page on): its prompt is then ':'.
    expectEndedOnWait(result, exact(':'));
    expect(result.inputWait?.evidence).toMatchObject({
      processName: 'less',
      terminalModes: { canonical: false },
    });
  });

  it('should end a Y/n confirmation with its question', async () => {
    const script = 'printf "Install hello?\\nDo you want to continue? [Y/n] "; read answer';
    const result = await run('sh', ['-c', script], { ...end, input: liveInput() });
    expectEndedOnWait(result, exact('Do you want to continue? [Y/n]'));
    expect(result.stdout.text).toBe('Install hello?\nDo you want to continue? [Y/n] ');
  });

  it('should end it by default under the agent profile, which also sets the no-prompt environment', async () => {
    const script = 'echo "pager=$PAGER git=$GIT_TERMINAL_PROMPT"; read -p "Continue? " answer';
    const result = await run('bash', ['-c', script], {
      pty: true,
      profile: 'agent',
      input: liveInput(),
      env: { ...process.env, PAGER: 'more' },
    });
    expectEndedOnWait(result, exact('Continue?'));
    // The caller's env wins over the no-prompt variables; the rest are set.
    expect(result.stdout.text).toContain('pager=more git=0');
  });

  it("should redact the prompt with the run's options: a token from the command's env", async () => {
    const secret = 'Zq8-deploy-Wv3-value-Np5';
    const result = await run('bash', ['-c', 'read -p "Deploy with $DEPLOY_TOKEN? " answer'], {
      ...end,
      input: liveInput(),
      redact: true,
      env: { ...process.env, DEPLOY_TOKEN: secret },
    });
    expectEndedOnWait(result, exact('Deploy with [REDACTED:env:DEPLOY_TOKEN]?'));
    expect(JSON.stringify(result)).not.toContain(secret);
  });

  it('should let the command wait by default and report the wait it was in when the timeout ended it', async () => {
    const result = await run('bash', ['-c', 'read -p "Proceed? " answer'], {
      pty: true,
      input: liveInput(),
      timeout: 4000,
    });
    expect(result).toMatchObject({ timedOut: true, endedOnInputWait: false });
    expect(result.inputWait?.prompt).toBe('Proceed?');
  });
});

describe.runIf(ptyLoadsHere)('run() raising no false alarm on quiet commands under a pseudo-terminal', () => {
  const watchClosely = { pty: true, onInputWait: 'end', inputWaitMs: 100 } as const;

  it('should let sleep finish', async () => {
    const result = await run('sleep', ['3'], watchClosely);
    expect(result).toMatchObject({ exitCode: 0, inputWait: null, endedOnInputWait: false });
  });

  it('should let a busy loop finish', async () => {
    const loop = 'import time\nend = time.time() + 3\nwhile time.time() < end: pass';
    const result = await run(PYTHON, ['-c', loop], watchClosely);
    expect(result).toMatchObject({ exitCode: 0, inputWait: null, endedOnInputWait: false });
  });

  it('should let a compile step that prints nothing for 10 s finish', async () => {
    // A shell waiting on its compiler, which computes and does I/O without a word: the group runs, no one reads.
    const compiler =
      'import time\nend = time.time() + 10\nwhile time.time() < end:\n    sum(range(100000)); time.sleep(0.01)';
    const script = `echo "compiling main.c"; ${PYTHON} -c '${compiler}'; echo built`;
    const result = await run('sh', ['-c', script], watchClosely);
    expect(result).toMatchObject({ exitCode: 0, inputWait: null, endedOnInputWait: false });
    expect(result.stdout.text).toBe('compiling main.c\nbuilt\n');
  });

  it('should let tail -f of a quiet file run until its timeout', async () => {
    const dir = await makeTempDir('pipeguard-run-tail-');
    const file = join(dir, 'quiet.log');
    writeFileSync(file, 'one line\n');
    const result = await run('tail', ['-f', file], { ...watchClosely, timeout: 3000 });
    expect(result).toMatchObject({ timedOut: true, inputWait: null, endedOnInputWait: false });
    expect(result.stdout.text).toBe('one line\n');
  });
});
