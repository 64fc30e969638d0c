import { describe, expect, it, onTestFinished } from 'vitest';
import { type CommandRead, type RunningCommand, start } from '../../src/index';

/** Starts a command that is stopped (its whole group) when the test finishes. */
function started(...parameters: Parameters<typeof start>): RunningCommand {
  const command = start(...parameters);
  onTestFinished(async () => {
    await command.stop({ graceMs: 0 }).catch(() => {});
  });
  return command;
}

/** Everything a reader of `read` sees of stdout. */
function seen(read: CommandRead): string {
  return `${read.stdout.text}\u0000${read.unsettled.stdout}`;
}

/**
 * Prints `ready`, then `first`, waits for a line of input, then prints `rest`: a reader reads between the
 * two halves of what `first` + `rest` make.
 */
async function readAcross(first: string, rest: string, env: Record<string, string> = {}): Promise<string[]> {
  const script = `printf '%s' "ready
${first}"; read answer; printf '%s\\n' "${rest}"`;
  const command = started('sh', ['-c', script], { redact: true, env: { ...process.env, ...env } });
  const reads = [await command.waitFor({ match: 'ready' }, { timeoutMs: 30_000 })];
  await command.write('\n');
  const result = await command.result;
  return [...reads.map(seen), result.stdout.text];
}

// Each case is an attack: a secret printed in two writes with a read between them.
describe('a session with redaction, read between the halves of a secret', () => {
  it('should show no part of a token cut by a read', async () => {
    const texts = await readAcross('token ghp_A1b2C3d4E5f6G7h8I9', 'j0K1l2M3n4O5p6Q7r8 done');
    for (const text of texts) {
      expect(text).not.toContain('A1b2C3d4');
      expect(text).not.toContain('j0K1l2M3');
    }
    expect(texts.at(-1)).toContain('token [REDACTED:github-token] done');
  });

  it("should show no part of the command's environment secret cut by a read", async () => {
    const texts = await readAcross('env Zz9-secret-va', 'lue-42-abcdef', {
      SERVICE_TOKEN: 'Zz9-secret-value-42-abcdef',
    });
    for (const text of texts) expect(text).not.toContain('secret-va');
    expect(texts.at(-1)).toContain('env [REDACTED:env:SERVICE_TOKEN]');
  });

  it('should show no part of a secret-named value cut by a read', async () => {
    const texts = await readAcross('export API_TOKEN=s3cr3tV4', 'lue9x7Q2w');
    for (const text of texts) expect(text).not.toContain('s3cr3tV4');
    expect(texts.at(-1)).toContain('export API_TOKEN=[REDACTED:');
  });

  it('should show no line of a private key block cut by a read', async () => {
    const texts = await readAcross(
      'key:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEabcdefghijklmnopqrstuv\n',
      'moresecretkeymaterial\n-----END RSA PRIVATE KEY-----',
    );
    for (const text of texts) {
      expect(text).not.toContain('MIIEabcdefgh');
      expect(text).not.toContain('moresecretkey');
    }
    expect(texts.join('').split('[REDACTED:private-key]')).toHaveLength(2);
  });
});
