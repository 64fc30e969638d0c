import { feed } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { type LiveEvent, type LiveLines, pipeline, run } from '../src/index';

const TOKEN = 'ghp_Zq3vW8xKp2LmN7rTy5Bc9Hd4Fg6Jk1Qs0Ae2';
const SECRET = 'Xy7-deploy-Qw9-value-Kp3';
const ENV = { PATH: process.env.PATH, DEPLOY_TOKEN: SECRET };
/** 8 bytes of the random part, as the property looks for them. */
const PIECE = SECRET.slice(4, 12);

async function eventsOf(live: LiveLines | null): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for await (const event of live ?? []) events.push(event);
  return events;
}

describe('pipeline() with redact', () => {
  it('should replace a token split across writes and count it per kind', async () => {
    const bytes = Buffer.from(`before\ntoken=${TOKEN} after\n`);
    const capture = await pipeline(
      feed([bytes.subarray(0, 20), bytes.subarray(20, 21), bytes.subarray(21)]),
      {
        redact: true,
      },
    );
    expect(capture.text).toBe('before\ntoken=[REDACTED:github-token] after\n');
    expect(capture.redactions).toBe(1);
    expect(capture.redactionsByKind).toEqual({ 'github-token': 1 });
  });

  it('should find a token coloured with SGR inside it when rendering', async () => {
    const coloured = `\x1b[1m${TOKEN.slice(0, 10)}\x1b[31m${TOKEN.slice(10)}\x1b[0m\n`;
    const capture = await pipeline(feed([Buffer.from(coloured)]), { redact: true, render: 'terminal' });
    expect(capture.text).toBe('[REDACTED:github-token]\n');
  });

  it('should spend the budget on redacted text when a secret line is longer than maxBytes', async () => {
    const line = `key ${TOKEN}\n`;
    const capture = await pipeline(feed([Buffer.from(line.repeat(3))]), { redact: true, maxBytes: 90 });
    expect(capture.truncated).toBe(false);
    expect(capture.keptBytes).toBe('key [REDACTED:github-token]\n'.length * 3);
    expect(capture.text).not.toContain(TOKEN.slice(4, 12));
  });

  it('should redact the excerpts kept from the omitted middle', async () => {
    const filler = Buffer.from('ok line of filler text\n'.repeat(400));
    const error = Buffer.from(`error: auth failed for ${TOKEN}\n`);
    const capture = await pipeline(feed([filler, error, filler]), {
      redact: true,
      maxBytes: 2000,
      keep: 'both',
      keepMatches: true,
    });
    expect(capture.excerpts[0]?.bytes.toString()).toBe('error: auth failed for [REDACTED:github-token]\n');
    // The line after the marker names its raw offset, the secret's bytes counted.
    expect(capture.excerpts[1]?.offset).toBe(filler.length + error.length);
    expect(capture.text).toContain('error: auth failed for [REDACTED:github-token]');
    expect(capture.text).not.toContain(TOKEN.slice(4, 12));
  });

  it('should redact the binary placeholder, which names the command', async () => {
    const binary = Buffer.alloc(4096, 0);
    const capture = await pipeline(feed([binary]), {
      redact: { env: { API_TOKEN: 'Kp3-Qw9-xY7' } },
      // Shown when at most 36 characters.
      command: 'echo Kp3-Qw9-xY7',
    });
    expect(capture.placeholder).toContain('echo [REDACTED:env:API_TOKEN] > out.bin');
    expect(capture.text).not.toContain('Kp3-Qw9-xY7');
  });

  it('should hand live lines that are redacted', async () => {
    const running = pipeline(feed([Buffer.from(`one\nGITHUB_TOKEN=${TOKEN}\n`)]), {
      redact: true,
      live: true,
    });
    const [capture, events] = await Promise.all([running, eventsOf(running.lines)]);
    const lines = events.map((event) => (event.type === 'line' ? event.text : ''));
    expect(lines).toEqual(['one', 'GITHUB_TOKEN=[REDACTED:github-token]']);
    expect(capture.redactions).toBe(1);
  });

  it('should redact live lines that are rendered too', async () => {
    const running = pipeline(feed([Buffer.from(`\x1b[32m${TOKEN}\x1b[0m\n`)]), {
      render: 'terminal',
      redact: true,
      live: true,
    });
    const [, events] = await Promise.all([running, eventsOf(running.lines)]);
    expect(events.map((event) => (event.type === 'line' ? event.text : ''))).toEqual([
      '[REDACTED:github-token]',
    ]);
  });

  it('should be on under the agent profile and off when redact: false overrides it', async () => {
    const on = await pipeline(feed([Buffer.from(`${TOKEN}\n`)]), { profile: 'agent' });
    const off = await pipeline(feed([Buffer.from(`${TOKEN}\n`)]), { profile: 'agent', redact: false });
    expect(on.text).toBe('[REDACTED:github-token]\n');
    expect(off.text).toBe(`${TOKEN}\n`);
    expect(off.redactions).toBeNull();
  });

  it('should map raw offsets through a redaction: an excerpt after a marker names its raw line', async () => {
    const head = Buffer.from(`${TOKEN}\n${'x'.repeat(40)}\n`.repeat(20));
    const error = Buffer.from('error: here\n');
    const capture = await pipeline(feed([head, error, head]), {
      redact: true,
      maxBytes: 400,
      keep: 'both',
      keepMatches: true,
    });
    expect(capture.excerpts[0]?.offset).toBe(head.length);
  });

  it.each([
    ['redact', 'yes', TypeError, 'The "redact" option must be a boolean or an object'],
    ['redact', null, TypeError, 'The "redact" option must be a boolean or an object'],
    ['redact', { maxHoldBytes: 10 }, RangeError, 'The "maxHoldBytes" option must be'],
    ['redact', { allow: [1] }, TypeError, 'The "allow[0]" option must be a string or an instance of RegExp'],
    ['redact', { colour: true }, TypeError, '"colour"'],
  ])('should throw a %s naming %j before reading', (key, value, ErrorClass, message) => {
    expect(() => pipeline(feed([]), { [key]: value } as never)).toThrow(ErrorClass);
    expect(() => pipeline(feed([]), { [key]: value } as never)).toThrow(message);
  });
});

describe('run() with redact', () => {
  it.each([
    ['plain', 'printenv DEPLOY_TOKEN'],
    ['base64', 'printf %s "$DEPLOY_TOKEN" | base64'],
    ['hex', 'printf %s "$DEPLOY_TOKEN" | xxd -p'],
  ])('should withhold a secret of the command environment printed %s', async (_form, script) => {
    const result = await run('sh', ['-c', script], { env: ENV, redact: true });
    expect(result.stdout.text).toMatch(/^\[REDACTED:env:DEPLOY_TOKEN\]/);
    expect(result.stdout.text).not.toContain(PIECE);
    expect(result.stdout.redactionsByKind).toEqual({ 'env:DEPLOY_TOKEN': 1 });
  });

  it('should use the caller redact env beside the command environment', async () => {
    const result = await run('sh', ['-c', 'printenv DEPLOY_TOKEN; echo other-value-12345'], {
      env: ENV,
      redact: { env: { OTHER_SECRET: 'other-value-12345' } },
    });
    expect(result.stdout.text).toBe('[REDACTED:env:DEPLOY_TOKEN]\n[REDACTED:env:OTHER_SECRET]\n');
  });

  it("should search both values when the caller's redact env names the command's variable with another", async () => {
    const result = await run('sh', ['-c', 'printenv DEPLOY_TOKEN; echo caller-value-12345'], {
      env: ENV,
      redact: { env: { DEPLOY_TOKEN: 'caller-value-12345' } },
    });
    expect(result.stdout.text).toBe('[REDACTED:env:DEPLOY_TOKEN]\n[REDACTED:env:DEPLOY_TOKEN]\n');
  });

  it('should withhold the secret under the agent profile, on stderr too', async () => {
    const result = await run('sh', ['-c', 'printenv DEPLOY_TOKEN >&2'], { env: ENV, profile: 'agent' });
    expect(result.stderr.text).toBe('[REDACTED:env:DEPLOY_TOKEN]\n');
    expect(result.stderr.redactions).toBe(1);
  });

  it('should redact the live lines of a run', async () => {
    const running = run('sh', ['-c', 'printenv DEPLOY_TOKEN'], { env: ENV, redact: true, liveLines: true });
    const texts: string[] = [];
    for await (const event of running.lines ?? []) if (event.type === 'line') texts.push(event.text);
    await running;
    expect(texts).toEqual(['[REDACTED:env:DEPLOY_TOKEN]']);
  });
});
