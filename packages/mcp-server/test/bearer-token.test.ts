import { chmod, mkdir, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { makeTempDir, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BearerAuth } from '../src/http/bearer-token';
import {
  loadBearerTokens,
  MIN_TOKEN_CHARS,
  TOKEN_ENVIRONMENT_VARIABLE,
  takeEnvironmentToken,
} from '../src/http/token-source';

const TOKEN = 'a-token-of-forty-characters-0123456789ab';

const requestWith = (url: string, authorization?: string) =>
  ({ url, headers: authorization === undefined ? {} : { authorization } }) as unknown as IncomingMessage;

async function tokenFile(content: string, mode: number): Promise<string> {
  const path = join(await makeTempDir('pipeguard-mcp-token-'), 'token');
  await writeFile(path, content);
  await chmod(path, mode);
  return path;
}

describe('loadBearerTokens', () => {
  it('should read a token file of mode 0600 or 0400, trimmed of its line end', async () => {
    for (const mode of [0o600, 0o400]) {
      expect(await loadBearerTokens(await tokenFile(`${TOKEN}\n`, mode), undefined)).toEqual({
        values: [TOKEN],
        source: 'file',
      });
    }
  });

  it.each([0o644, 0o640, 0o604, 0o660, 0o666])('should refuse a token file of mode 0%o', async (mode) => {
    const path = await tokenFile(TOKEN, mode);
    await expect(loadBearerTokens(path, undefined)).rejects.toThrow(
      `--token-file "${path}" must be readable by its owner only (mode 0600 or stricter). Received mode 0${mode.toString(8)}: chmod 600 it`,
    );
  });

  it('should refuse a token file that is a directory or missing, and a token that is short or not one word', async () => {
    const directory = await makeTempDir('pipeguard-mcp-token-dir-');
    await mkdir(join(directory, 'token'), { mode: 0o700 });
    await expect(loadBearerTokens(join(directory, 'token'), undefined)).rejects.toThrow(
      'must be a regular file',
    );
    await expect(loadBearerTokens(join(directory, 'missing'), undefined)).rejects.toThrow('ENOENT');
    await expect(loadBearerTokens(await tokenFile('short', 0o600), undefined)).rejects.toThrow(
      `must have at least ${MIN_TOKEN_CHARS} characters. Received 5`,
    );
    await expect(loadBearerTokens(await tokenFile(`${TOKEN} ${TOKEN}`, 0o600), undefined)).rejects.toThrow(
      'one word',
    );
  });

  it('should take the token out of the environment, so no command inherits it', async () => {
    const env: NodeJS.ProcessEnv = { [TOKEN_ENVIRONMENT_VARIABLE]: TOKEN, PATH: '/bin' };
    const taken = takeEnvironmentToken(env);
    expect(env).toEqual({ PATH: '/bin' });
    expect(await loadBearerTokens(null, taken)).toEqual({ values: [TOKEN], source: 'environment' });
  });

  it('should prefer --token-file to the environment', async () => {
    expect((await loadBearerTokens(await tokenFile(TOKEN, 0o600), 'x'.repeat(40))).values).toEqual([TOKEN]);
  });

  it('should generate 256 random bits when no token is given, a new one each time', async () => {
    const first = await loadBearerTokens(null, undefined);
    const second = await loadBearerTokens(null, undefined);
    expect(first.source).toBe('generated');
    expect(first.values[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.values[0]).not.toBe(first.values[0]);
  });

  it('should read one token per line, skipping blank lines and keeping a repeated one once', async () => {
    const other = 'another-token-of-forty-characters-012345';
    const path = await tokenFile(`${TOKEN}\r\n\n${other}\n${TOKEN}\n`, 0o600);
    expect((await loadBearerTokens(path, undefined)).values).toEqual([TOKEN, other]);
    await expect(loadBearerTokens(await tokenFile(`${TOKEN}\nshort\n`, 0o600), undefined)).rejects.toThrow(
      'line 2, must have at least 32 characters',
    );
    await expect(loadBearerTokens(await tokenFile('\n\n', 0o600), undefined)).rejects.toThrow(
      'must hold at least one token',
    );
  });
});

describe('BearerAuth', () => {
  const auth = new BearerAuth([TOKEN]);
  const statusOf = (result: ReturnType<BearerAuth['authenticate']>) =>
    'status' in result ? result.status : null;

  it.each([
    [`Bearer ${TOKEN}`, null],
    [`bearer ${TOKEN}`, null],
    [`Bearer  ${TOKEN} `, null],
    [undefined, 401],
    ['', 401],
    [`Basic ${TOKEN}`, 401],
    [`Bearer ${TOKEN}x`, 401],
    [`Bearer ${TOKEN.slice(1)}`, 401],
    [`Bearer ${TOKEN} ${TOKEN}`, 401],
    ['Bearer', 401],
  ])('should judge Authorization %j: %s', (header, status) => {
    expect(statusOf(auth.authenticate(requestWith('/mcp', header)))).toBe(status);
  });

  it('should refuse any bearer token but its own', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, unit: 'grapheme-ascii' }), (candidate) => {
        fc.pre(candidate !== TOKEN);
        expect(statusOf(auth.authenticate(requestWith('/mcp', `Bearer ${candidate}`)))).toBe(401);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should refuse a credential in the URL, whatever its name, even beside the right header', () => {
    const name = fc.constantFrom('access_token', 'token', 'ACCESS_TOKEN', 'api_key', 'auth');
    fc.assert(
      fc.property(name, fc.string({ unit: 'grapheme-ascii' }), (parameter, value) => {
        const query = new URLSearchParams({ [parameter]: value });
        const refusal = auth.authenticate(requestWith(`/mcp?${query}`, `Bearer ${TOKEN}`));
        expect(statusOf(refusal)).toBe(401);
        expect('headers' in refusal && refusal.headers?.['WWW-Authenticate']).toContain(
          'error="invalid_request"',
        );
      }),
      { numRuns: propertyRuns(200) },
    );
    expect(statusOf(auth.authenticate(requestWith(`/mcp?x=${TOKEN}`, `Bearer ${TOKEN}`)))).toBe(401);
    expect(auth.authenticate(requestWith('/mcp?page=2', `Bearer ${TOKEN}`))).toEqual({ credential: 0 });
  });

  it('should refuse the token anywhere in the URL, each character percent-encoded or not, beside the right header', () => {
    const encode = (char: string, times: number) => {
      let text = char;
      for (let round = 0; round < times; round++) {
        text = [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
      }
      return text;
    };
    const spelling = fc
      .array(fc.integer({ min: 0, max: 2 }), { minLength: TOKEN.length, maxLength: TOKEN.length })
      .map((times) => [...TOKEN].map((char, index) => encode(char, times[index] as number)).join(''));
    const around = fc.stringMatching(/^[a-z0-9=&/?.-]{0,12}$/);
    fc.assert(
      fc.property(around, spelling, around, (before, token, after) => {
        const refusal = auth.authenticate(requestWith(`/mcp${before}${token}${after}`, `Bearer ${TOKEN}`));
        expect(statusOf(refusal)).toBe(401);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should refuse a URL percent-encoded more than 4 times, and accept one without the token', () => {
    const nested = `/mcp?x=%${'25'.repeat(5)}41`;
    const refusal = auth.authenticate(requestWith(nested, `Bearer ${TOKEN}`));
    expect('message' in refusal && refusal.message).toContain('more than 4 times');
    expect(statusOf(auth.authenticate(requestWith('/mcp?x=%252541%20y', `Bearer ${TOKEN}`)))).toBeNull();
  });

  it('should tell which of several tokens a request carries', () => {
    const other = 'another-token-of-forty-characters-012345';
    const both = new BearerAuth([TOKEN, other]);
    expect(both.authenticate(requestWith('/mcp', `Bearer ${other}`))).toEqual({ credential: 1 });
    expect(both.authenticate(requestWith('/mcp', `Bearer ${TOKEN}`))).toEqual({ credential: 0 });
    expect(statusOf(both.authenticate(requestWith(`/mcp?${other}`, `Bearer ${TOKEN}`)))).toBe(401);
  });
});
