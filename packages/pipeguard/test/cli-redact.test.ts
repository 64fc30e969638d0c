import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, runCli } from './helpers/cli';

const SECRET = 'Xy7-deploy-Qw9-value-Kp3';
const PIECE = SECRET.slice(4, 12);
const TOKEN = 'ghp_Zq3vW8xKp2LmN7rTy5Bc9Hd4Fg6Jk1Qs0Ae2';
const env = { ...process.env, DEPLOY_TOKEN: SECRET };
const PRINT = 'printenv DEPLOY_TOKEN; printf %s "$DEPLOY_TOKEN" | base64; printf %s "$DEPLOY_TOKEN" | xxd -p';
const WITHHELD = '[REDACTED:env:DEPLOY_TOKEN]\n'.repeat(3);

describe('pipeguard --redact', () => {
  beforeAll(() => requireBuilt());

  it("should withhold a secret of the command's environment printed plain, base64 and hex", async () => {
    const run = await runCli(['--redact', '--', 'sh', '-c', PRINT], { env });
    expect(run.stdout).toBe(WITHHELD);
  });

  it('should withhold it under --agent', async () => {
    const run = await runCli(['--agent', '--', 'sh', '-c', PRINT], { env });
    // The agent profile folds the three equal lines.
    expect(run.stdout).toBe('[REDACTED:env:DEPLOY_TOKEN]\n[previous line repeated 2 more times]\n');
  });

  it('should print it under --agent --no-redact', async () => {
    const run = await runCli(['--agent', '--no-redact', '--', 'sh', '-c', 'printenv DEPLOY_TOKEN'], { env });
    expect(run.stdout).toBe(`${SECRET}\n`);
  });

  it('should withhold it streaming unbounded output with --max-bytes none', async () => {
    const run = await runCli(['--redact', '--max-bytes', 'none', '--', 'sh', '-c', PRINT], { env });
    expect(run.stdout).toBe(WITHHELD);
  });

  it('should withhold a token and an environment secret on standard input', async () => {
    const run = await runCli(['--redact'], { env, input: `token ${TOKEN}\nvalue ${SECRET}\n` });
    expect(run.stdout).toBe('token [REDACTED:github-token]\nvalue [REDACTED:env:DEPLOY_TOKEN]\n');
  });

  it('should withhold them on standard input under --agent, and count them in --json', async () => {
    const run = await runCli(['--agent', '--json'], { env, input: `token ${TOKEN}\nvalue ${SECRET}\n` });
    const document = JSON.parse(run.stdout);
    expect(run.stdout).not.toContain(PIECE);
    expect(run.stdout).not.toContain(TOKEN.slice(4, 12));
    expect(document.redactions).toBe(2);
    expect(document.redactionsByKind).toEqual({ 'github-token': 1, 'env:DEPLOY_TOKEN': 1 });
  });

  it('should count them per stream in --json for a command', async () => {
    const run = await runCli(['--redact', '--json', '--', 'sh', '-c', `{ ${PRINT}; } >&2`], { env });
    const document = JSON.parse(run.stdout);
    expect(document.stderr.redactions).toBe(3);
    expect(document.stdout.redactions).toBe(0);
    expect(run.stdout).not.toContain(PIECE);
  });
});

describe('pipeguard read and lines --redact', () => {
  const FILE_TEXT = `# settings\nDEPLOY=${SECRET}\nGITHUB=${TOKEN}\nMAX_TOKENS=100\n`;
  let file = '';

  beforeAll(async () => {
    requireBuilt();
    const directory = await mkdtemp(join(tmpdir(), 'pipeguard-cli-redact-'));
    file = join(directory, 'settings.txt');
    await writeFile(file, FILE_TEXT);
  });

  afterAll(async () => {
    await rm(join(file, '..'), { recursive: true, force: true });
  });

  it.each([
    ['read', '--redact'],
    ['read', '--agent'],
    ['lines', '--redact'],
    ['lines', '--agent'],
  ])('should mask the secrets in place: %s %s', async (command, flag) => {
    const run = await runCli([command, file, flag], { env });
    expect(run.stdout).not.toContain(PIECE);
    expect(run.stdout).not.toContain(TOKEN.slice(4, 12));
    // Masked in place: a secret shorter than its marker reads as stars only.
    expect(run.stdout).toContain(`DEPLOY=${'*'.repeat(SECRET.length)}\n`);
    expect(run.stdout).toContain('GITHUB=[REDACTED:github-token]***');
    expect(run.stdout).toContain('MAX_TOKENS=100');
  });

  it('should keep byte offsets: a masked window has the bytes of the file', async () => {
    const run = await runCli(['read', file, '--redact', '--json'], { env });
    const window = JSON.parse(run.stdout);
    expect(window.text).toHaveLength(FILE_TEXT.length);
    expect(window.text).not.toContain(PIECE);
  });

  it('should print the file as it is without --redact, and with --agent --no-redact', async () => {
    for (const flags of [[], ['--agent', '--no-redact']]) {
      const run = await runCli(['read', file, ...flags], { env });
      expect(run.stdout).toContain(SECRET);
    }
  });

  it('should hint at reading a clipped line’s omitted part with --redact', async () => {
    const run = await runCli(['lines', file, '--redact', '--max-line-bytes', '20'], { env });
    expect(run.stdout).not.toContain(TOKEN.slice(4, 12));
    expect(run.stdout).toMatch(/pipeguard read \S+ --redact --offset/);
  });
});
