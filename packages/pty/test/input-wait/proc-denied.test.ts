import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempDir, ptyLoads } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { watchedPty } from './watched-pty';

const ptyLoadsHere = ptyLoads('Input-wait /proc denial tests');
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SAMPLER = fileURLToPath(new URL('../../src/input-wait/sample-input-wait.ts', import.meta.url));
/** The uid of `nobody`: root samples as it, so that /proc refuses as it does another user's process. */
const NOBODY = 65534;

/** A prompt that /proc will not show: the program makes itself non-dumpable, as a setuid sudo is. */
const HIDDEN_PROMPT = [
  'import ctypes',
  'ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0',
  'input("[sudo] password for alice: ")',
].join('\n');

describe.runIf(ptyLoadsHere)('Input-wait sampling where /proc refuses', () => {
  it("should answer unknown from /proc and fall back to the prompt's text, without an error", async () => {
    const { child, firstWait } = watchedPty('/usr/bin/python3', ['-c', HIDDEN_PROMPT]);
    // This process may read what the sampler will be refused: its watch says when the prompt waits.
    await firstWait;
    const dir = await makeTempDir('pipeguard-denied-');
    chmodSync(dir, 0o755);
    const checker = join(dir, 'sample.mts');
    writeFileSync(
      checker,
      [
        `import { sampleFromProc } from ${JSON.stringify(SAMPLER.replace('sample-input-wait', 'proc-sampler'))};`,
        `import { sampleInputWait } from ${JSON.stringify(SAMPLER)};`,
        `const query = { pid: ${child.pid}, input: 'terminal' as const, promptText: '[sudo] password for alice:', quietMs: 1500 };`,
        'console.log(JSON.stringify({ proc: await sampleFromProc(query), fallback: await sampleInputWait(query) }));',
      ].join('\n'),
    );
    // Root reads every process's /proc: it samples as nobody; another user is refused the non-dumpable one.
    const asNobody = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
    const run = spawnSync(process.execPath, ['--import', 'tsx', checker], {
      cwd: ROOT,
      encoding: 'utf8',
      ...asNobody,
    });
    expect(run.stderr).toBe('');
    const { proc, fallback } = JSON.parse(run.stdout);
    expect(proc).toEqual({ verdict: 'unknown', reason: expect.stringMatching(/^\/proc denied /) });
    expect(fallback).toMatchObject({
      verdict: 'waiting',
      evidence: { method: 'prompt-text', secret: true, pid: null },
    });
    expect(fallback.evidence.summary).toMatch(
      /^\/proc denied .*: judged from 1\.5 s without output or input and a last line that reads as a secret prompt asking for a secret$/,
    );
  });
});
