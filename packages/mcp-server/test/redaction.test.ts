import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../src/server-options';
import { startHttpServer, TRANSPORTS, useServer } from './helpers/http-server-process';
import { startServer } from './helpers/server-process';

// The server is started with a secret in its environment, which every command it runs inherits.
const SERVER_SECRET = 'Xy7-deploy-Qw9-value-Kp3';
const TOKEN = 'ghp_Zq3vW8xKp2LmN7rTy5Bc9Hd4Fg6Jk1Qs0Ae2';
const KEY_BODY = [
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
  'QyNTUxOQAAACBq8Zr2Kd9Lm4Np7Qs1Tv3Wx6Yz0Ab5Cd8Ef2Gh4Ij7KlAAAAJgq2m9X',
];
const KEY = ['-----BEGIN OPENSSH PRIVATE KEY-----', ...KEY_BODY, '-----END OPENSSH PRIVATE KEY-----'].join(
  '\n',
);
const ENV_FILE = `# app settings\nDEPLOY_TOKEN=${SERVER_SECRET}\nGITHUB_TOKEN=${TOKEN}\nMAX_TOKENS=100\n${KEY}\nDONE=1\n`;
const SECRETS = [SERVER_SECRET, TOKEN.slice(4), ...KEY_BODY];

/** The first 8-byte piece of any secret that `text` holds, or `null`: no piece of a secret may pass. */
function leakIn(text: string): string | null {
  for (const secret of SECRETS)
    for (let at = 0; at + 8 <= secret.length; at++) {
      const piece = secret.slice(at, at + 8);
      if (text.includes(piece)) return piece;
    }
  return null;
}

/** A key block whose body runs past the 64 KiB the readers scan before a window: 90 KiB of distinct lines. */
const LONG_KEY_BODY = Array.from({ length: 1300 }, (_, index) =>
  `${index.toString(36).padStart(4, 'q')}${'Zk8Pw2Rn5Tx7Vb3Hm9Jd4Lf6Sc1Gy0Ea'.repeat(2)}`.slice(0, 70),
);
const LONG_KEY_FILE = [
  'before',
  '-----BEGIN RSA PRIVATE KEY-----',
  ...LONG_KEY_BODY,
  '-----END RSA PRIVATE KEY-----',
  'after',
  '',
].join('\n');

let root = '';
const env = () => ({ ...(process.env as Record<string, string>), DEPLOY_TOKEN: SERVER_SECRET });

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-redact-')));
  await writeFile(join(root, '.env'), ENV_FILE);
  await writeFile(join(root, 'long-key.pem'), LONG_KEY_FILE);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('parseCommandLine', () => {
  it('should redact by default and not with --no-redact', () => {
    const on = parseCommandLine([], '/srv');
    const off = parseCommandLine(['--no-redact'], '/srv');
    expect(on.kind === 'serve' && on.options.redact).toBe(true);
    expect(off.kind === 'serve' && off.options.redact).toBe(false);
  });
});

describe.each(TRANSPORTS)('a server with a secret in its environment, over %s', (_, start) => {
  const server = useServer(
    (args) => start(args, undefined, env()),
    () => ['--root', root],
  );
  const run = (command: string, extra: Record<string, unknown> = {}) =>
    server.call('run_command', { command, cwd: root, ...extra });

  it.each([
    ['printenv', 'printenv DEPLOY_TOKEN'],
    ['base64', 'printf %s "$DEPLOY_TOKEN" | base64'],
    ['hex', 'printf %s "$DEPLOY_TOKEN" | xxd -p'],
    ['cat .env', 'cat .env'],
    ['env', 'env'],
  ])('should withhold the secrets from run_command: %s', async (_name, command) => {
    const answer = await run(command);
    expect(answer.isError).toBeFalsy();
    expect(answer.text).toContain('[REDACTED:');
    expect(leakIn(answer.text)).toBeNull();
    expect(leakIn(JSON.stringify(answer.structuredContent))).toBeNull();
  });

  it('should withhold the secrets from the last line that progress notifications carry', async () => {
    const messages: string[] = [];
    await server.call(
      'run_command',
      { command: `echo "deploying with $DEPLOY_TOKEN and ${TOKEN}"; sleep 1.5; echo done`, cwd: root },
      { onprogress: (progress) => messages.push(progress.message ?? '') },
    );
    const lastLines = messages.filter((message) => message.includes('last line: deploying'));
    expect(lastLines.length).toBeGreaterThan(0);
    expect(lastLines[0]).toContain('[REDACTED:env:DEPLOY_TOKEN]');
    expect(leakIn(messages.join('\n'))).toBeNull();
  });

  it('should withhold the secrets from the prompt of a command waiting for input: run_command and list_commands', async () => {
    const asked = await run(`read -p "Deploy with $DEPLOY_TOKEN? " answer; echo ${TOKEN}`, { pty: true });
    const wait = asked.structuredContent?.['input_wait'] as { prompt: string } | null;
    expect(wait?.prompt).toBe('Deploy with [REDACTED:env:DEPLOY_TOKEN]?');
    expect(asked.text).toContain('[REDACTED:env:DEPLOY_TOKEN]');
    const listed = await server.call('list_commands', {});
    const session_id = asked.structuredContent?.['session_id'];
    await server.call('stop_command', { session_id });
    expect(listed.text).toContain('[REDACTED:');
    expect(leakIn(asked.text)).toBeNull();
    expect(leakIn(JSON.stringify(asked.structuredContent))).toBeNull();
    expect(leakIn(listed.text)).toBeNull();
    expect(leakIn(JSON.stringify(listed.structuredContent))).toBeNull();
  });

  it('should withhold them from read_bytes of a .env under a root, keeping its offsets', async () => {
    const answer = await server.call('read_bytes', { path: join(root, '.env') });
    expect(leakIn(answer.text)).toBeNull();
    expect(answer.structuredContent?.['file_size']).toBe(Buffer.byteLength(ENV_FILE));
    expect(answer.structuredContent?.['text']).toHaveLength(ENV_FILE.length);
    expect(answer.text).toContain('MAX_TOKENS=100\n');
  });

  it('should withhold a secret cut by the window: read_bytes from inside it, a few bytes at a time', async () => {
    const start = ENV_FILE.indexOf(TOKEN) + 10;
    for (let offset = start - 20; offset < start + 30; offset += 7) {
      const answer = await server.call('read_bytes', { path: join(root, '.env'), offset, length: 12 });
      expect(leakIn(answer.text)).toBeNull();
    }
  });

  it('should withhold them from read_lines, also with a line clipped inside a secret', async () => {
    for (const max_line_bytes of [2000, 20, 30]) {
      const answer = await server.call('read_lines', { path: join(root, '.env'), max_line_bytes });
      expect(leakIn(answer.text)).toBeNull();
    }
  });

  it('should withhold a private key body from read_lines that start inside the block', async () => {
    const answer = await server.call('read_lines', { path: join(root, '.env'), from_line: 7, max_lines: 1 });
    expect(answer.text).toMatch(/^\s+7\t\*+\n/);
    expect(leakIn(answer.text)).toBeNull();
  });

  it('should withhold a key block body from reads that start more than 64 KiB after its BEGIN', async () => {
    const path = join(root, 'long-key.pem');
    const offset = LONG_KEY_FILE.indexOf('-----BEGIN') + 80 * 1024;
    const bytes = await server.call('read_bytes', { path, offset, window_bytes: 2000 });
    const lines = await server.call('read_lines', { path, from_line: 1280, max_lines: 30 });
    for (const answer of [bytes, lines]) {
      expect(answer.isError).toBeFalsy();
      expect(answer.text).toMatch(/\*{60}/);
      expect(LONG_KEY_BODY.find((line) => answer.text.includes(line.slice(0, 12)))).toBeUndefined();
    }
    expect(lines.text).toContain('after');
  });

  it('should withhold the secrets from read_bytes and read_lines of the spill file of a truncated run', async () => {
    const command = `seq 1 3000; printenv DEPLOY_TOKEN; cat .env; seq 1 3000`;
    const answer = await run(command, { max_bytes: 1000, keep_matches: false });
    const stdout = answer.structuredContent?.['stdout'] as { spill_path: string; redactions: number };
    const spill = stdout.spill_path;
    expect(stdout.redactions).toBeGreaterThan(0);
    expect(typeof spill).toBe('string');
    expect(leakIn(answer.text)).toBeNull();
    const bytes = await server.call('read_bytes', { path: spill, offset: 14_000, length: 1000 });
    const lines = await server.call('read_lines', { path: spill, from_line: 2990, max_lines: 30 });
    expect(bytes.text).toContain('[REDACTED:');
    expect(lines.text).toContain('[REDACTED:');
    expect(leakIn(bytes.text)).toBeNull();
    expect(leakIn(lines.text)).toBeNull();
  });
});

describe('a server started with --no-redact', () => {
  it.each([
    ['stdio', startServer],
    ['http', startHttpServer],
  ])('should hand the secrets back over %s: the flag is what turns redaction off', async (_, start) => {
    const server = await start(['--root', root, '--no-redact'], undefined, env());
    try {
      const printed = await server.call('run_command', { command: 'printenv DEPLOY_TOKEN', cwd: root });
      const read = await server.call('read_bytes', { path: join(root, '.env') });
      expect(printed.text).toContain(SERVER_SECRET);
      expect(read.text).toContain(TOKEN);
    } finally {
      await server.close();
    }
  });
});
