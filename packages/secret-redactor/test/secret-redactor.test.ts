import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { chunksOf, collectBytes, describeStageContract, feed } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { TOKEN_FORMATS } from '../src/core';
import { redactText as exportedRedactText, type RedactOptions, SecretRedactor } from '../src/index';
import { redactChunks, redactText } from './redact';

async function redactStream(chunks: Iterable<Buffer | string>, options?: RedactOptions) {
  const redactor = new SecretRedactor(options);
  const [, output] = await Promise.all([pipeline(feed(chunks), redactor), collectBytes(redactor)]);
  return { text: output.toString(), stats: redactor.stats };
}

const GITHUB = `ghp_${'aB3'.repeat(12)}`;

describe('SecretRedactor', () => {
  it.each<[string, unknown, ErrorConstructor, string]>([
    [
      'an unknown key',
      { maxHoldByte: 1 },
      TypeError,
      'The "options" argument has an unknown option "maxHoldByte" (did you mean "maxHoldBytes"?)',
    ],
    [
      'maxHoldBytes below 256',
      { maxHoldBytes: 255 },
      RangeError,
      'The "maxHoldBytes" option must be a safe integer greater than or equal to 256. Received 255',
    ],
    [
      'maxHoldBytes as a string',
      { maxHoldBytes: '4096' },
      TypeError,
      'The "maxHoldBytes" option must be of type number. Received type string (\'4096\')',
    ],
    [
      'env as a string',
      { env: 'A=B' },
      TypeError,
      'The "env" option must be of type object. Received type string (\'A=B\')',
    ],
    [
      'an env value that is a number',
      { env: { API_TOKEN: 5 } },
      TypeError,
      'The "env.API_TOKEN" option must be a string or an array of strings. Received type number (5)',
    ],
    [
      'patterns not an array',
      { patterns: /x/ },
      TypeError,
      'The "patterns" option must be an array. Received an instance of RegExp',
    ],
    [
      'a pattern without a pattern',
      { patterns: [{ kind: 'x' }] },
      TypeError,
      'The "patterns[0].pattern" option must be a string or a RegExp. Received undefined',
    ],
    [
      'a pattern that is a number',
      { patterns: [{ pattern: 5, kind: 'x' }] },
      TypeError,
      'The "patterns[0].pattern" option must be a string or a RegExp. Received type number (5)',
    ],
    [
      'a pattern entry that is not an object',
      { patterns: ['x'] },
      TypeError,
      'The "patterns[0]" option must be an object with a string or RegExp "pattern" and a "kind". Received type string (\'x\')',
    ],
    [
      'a pattern whose kind is not a string',
      { patterns: [{ pattern: 'abc', kind: 3 }] },
      TypeError,
      'The "patterns[0].kind" option must be of type string. Received type number (3)',
    ],
    [
      'a pattern whose kind is not a lowercase id',
      { patterns: [{ pattern: 'abc', kind: 'My Kind' }] },
      RangeError,
      'The "patterns[0].kind" option must be a lowercase id of 1 to 64 characters. Received \'My Kind\'',
    ],
    [
      'a RegExp that matches the empty string',
      { patterns: [{ pattern: /x*/, kind: 'x' }] },
      RangeError,
      'The "patterns[0].pattern" option must not match an empty string. Received /x*/',
    ],
    [
      'an empty literal pattern',
      { patterns: [{ pattern: '', kind: 'x' }] },
      RangeError,
      'The "patterns[0].pattern" option must be 1 to 160 bytes without a line end. Received \'\'',
    ],
    [
      'an allow entry that is a number',
      { allow: ['ok', 7] },
      TypeError,
      'The "allow[1]" option must be a string or an instance of RegExp. Received type number (7)',
    ],
    [
      'allow not an array',
      { allow: 'x' },
      TypeError,
      'The "allow" option must be an array. Received type string (\'x\')',
    ],
  ])('should throw when given %s', (_name, options, errorClass, message) => {
    expect(() => new SecretRedactor(options as RedactOptions)).toThrow(errorClass);
    expect(() => new SecretRedactor(options as RedactOptions)).toThrow(message);
  });

  it('should not mutate the options object', () => {
    const options = Object.freeze({ env: Object.freeze({ API_TOKEN: 'abcdefgh12' }), maxHoldBytes: 512 });
    const before = JSON.stringify(options);
    expect(() => new SecretRedactor(options)).not.toThrow();
    expect(JSON.stringify(options)).toBe(before);
  });

  it.each(TOKEN_FORMATS.map((format) => [format.kind, format.prefix, format] as const))(
    'should redact a %s token (%s…) as its kind',
    (kind, prefix, format) => {
      const body = format.alphabet.repeat(10).slice(3, 3 + format.minBodyBytes);
      const token =
        prefix === 'sk-' ? `${prefix}${body.slice(0, 20)}T3BlbkFJ${body.slice(28)}` : `${prefix}${body}`;
      expect(redactText(`found ${token} here\n`)).toBe(`found [REDACTED:${kind}] here\n`);
    },
  );

  it.each([
    [
      'a JWT',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
      'jwt',
    ],
    [
      'an AWS access key and its secret nearby',
      'AKIAZ7Q3X5VN2PLM4R8T wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq8Rk2pLmN',
      'aws',
    ],
    [
      'a Slack webhook',
      'https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX',
      'slack-webhook',
    ],
    ['an Azure AD client secret', 'abc8Q~ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi', 'azure-ad-client-secret'],
    ['a Telegram bot token', '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw1', 'telegram-bot-token'],
  ])('should redact %s', (_name, secret, kind) => {
    const output = redactText(`x ${secret} y\n`);
    expect(output).not.toContain(secret.slice(-12));
    expect(output).toContain(`[REDACTED:${kind}`);
  });

  it.each([
    ['KEY=value', 'GITHUB_TOKEN=s3cr3tV4lue!', 'GITHUB_TOKEN=[REDACTED:secret-assignment]'],
    ['KEY=value with a name that says no secret', 'GITHUB_PAT=s3cr3tV4lue!', 'GITHUB_PAT=s3cr3tV4lue!'],
    ['export', 'export DB_PASSWORD=hunter2hunter2', 'export DB_PASSWORD=[REDACTED:secret-assignment]'],
    ['YAML', '  client_secret: Zm9vYmFyYmF6', '  client_secret: [REDACTED:secret-assignment]'],
    ['JSON', '{"api_key": "0a1b2c3d4e5f"}', '{"api_key": "[REDACTED:secret-assignment]"}'],
    ['a flag', 'run --db-password=topsecret9', 'run --db-password=[REDACTED:secret-assignment]'],
    // A word that says secret inside the name, not at its end.
    [
      'a name holding PASSWORD',
      'DB_PASSWORD_PROD=hunter2hunter2',
      'DB_PASSWORD_PROD=[REDACTED:secret-assignment]',
    ],
    [
      'a name holding CREDENTIAL',
      'GOOGLE_CREDENTIALS_JSON: eyJ0eXBlIjoic2VydmljZV9hY2NvdW50In0x',
      'GOOGLE_CREDENTIALS_JSON: [REDACTED:secret-assignment]',
    ],
    [
      'a name holding PRIVATE_KEY',
      'SSH_PRIVATE_KEY_B64=LS0tLS1CRUdJTiBPUEVO',
      'SSH_PRIVATE_KEY_B64=[REDACTED:secret-assignment]',
    ],
    [
      'a policy about a password',
      'PASSWORD_POLICY=strongest-available',
      'PASSWORD_POLICY=strongest-available',
    ],
    [
      'a Bearer header',
      '> Authorization: Bearer abcdef.123456',
      '> Authorization: Bearer [REDACTED:bearer-token]',
    ],
    ['a Basic header', 'authorization: Basic dXNlcjpwYXNz', 'authorization: Basic [REDACTED:basic-auth]'],
    [
      'a coloured Bearer header',
      '\x1b[1mAuthorization: Bearer Zq9xY8wV7uT6sR5qP4oN3mL2k\x1b[0m',
      '\x1b[1mAuthorization: Bearer [REDACTED:bearer-token]\x1b[0m',
    ],
    [
      'a Bearer header coloured in two parameters',
      '\x1b[01;31mauthorization: Bearer Zq9xY8wV7uT6sR5qP4oN3mL2k',
      '\x1b[01;31mauthorization: Bearer [REDACTED:bearer-token]',
    ],
    [
      'a quoted Bearer header with two spaces',
      '"Authorization": "Bearer  Zq9xY8wV7uT6sR5qP4oN3mL2k"',
      '"Authorization": "Bearer  [REDACTED:bearer-token]"',
    ],
    ['a Cookie header', 'Cookie: sid=31d4d96e407aad42; lang=en', 'Cookie: [REDACTED:cookie]'],
    [
      'a Set-Cookie header',
      '< set-cookie: sid=31d4d96e407aad42; Path=/',
      '< set-cookie: [REDACTED:cookie]; Path=/',
    ],
    [
      'a URL password',
      'git clone https://me:p4ssw0rd-x@git.example.com/r.git',
      'git clone https://me:[REDACTED:url-password]@git.example.com/r.git',
    ],
    // This repository's own test fixtures (git log -p): a hard-coded credential in code is one, however named.
    [
      'hard-coded constant',
      "+const TOKEN = 'a-token-of-forty-characters-0123456789ab';",
      "+const TOKEN = '[REDACTED:secret-assignment]';",
    ],
    [
      'an Azure storage key',
      'DefaultEndpointsProtocol=https;AccountName=a;AccountKey=ZmFrZWtleWZha2VrZXlmYWtla2V5Zm==;x',
      'DefaultEndpointsProtocol=https;AccountName=a;AccountKey=[REDACTED:azure-storage-key];x',
    ],
  ])('should redact a secret in the %s form', (_name, line, expected) => {
    expect(redactText(`${line}\n`)).toBe(`${expected}\n`);
  });

  it.each([
    ['MAX_TOKENS=100'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell reference is the text under test
    ['password: ${DB_PASSWORD}'],
    ['const token = server.token'],
    ['  apiKey: process.env.API_KEY,'],
    ['token: string;'],
    ['PASSWORD=changeme'],
    ['api_key: <your-api-key>'],
    ['DB_PASSWORD={{ .Values.password }}'],
    ['SECRET_KEY=true'],
    ['export GITHUB_TOKEN=$GITHUB_TOKEN'],
    ['GOOGLE_APPLICATION_CREDENTIALS=/etc/gcp/key.json'],
    ['commit 3f786850e387550fdab836ed7e6dc881de23001b'],
    ['id 123e4567-e89b-12d3-a456-426614174000'],
    ['sha256:4c1f6f1c7a3f2b6e7d8c9b0a1f2e3d4c5b6a7980f1e2d3c4b5a69788f7e6d5c4'],
    [
      'integrity: sha512-4LZ2jkN9Vsyq1S+ZB79bVnOY0cmQ0PlQqc8KIpUdxPwj4o7N4+/XZ8s1EP5JYdqH0IfzRHKLPDGblZ4wQd1GVQ==',
    ],
    ['"NextToken": "eyJ2IjoxfQ=="'],
    ['-----BEGIN PUBLIC KEY-----'],
    ['https://user@example.com/path'],
    // Shapes met in node_modules sources and /usr/share/doc (bench/redacting.bench.ts, false positives).
    ['AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'],
    ['  else fetchOpts.credentials = "same-origin";'],
    ["const SECRET = 'SECRET-outside-the-root';"],
    ['      progressToken: messageId'],
    ['  progressToken: ProgressTokenSchema'],
    ['    lastSignificantToken = "?InterpolationInJSX";'],
    ['\tconst cookie = getCookie(c, "Cookie");'],
    ['  cookie: detectFromCookie,'],
    ['  "set-cookie": cookies'],
    ['  cvs://:pserver:anoncvs@sources.redhat.com:/cvs/src'],
    ['  if (pem.indexOf("-----BEGIN PRIVATE KEY-----") === 0) return pem;'],
  ])('should never redact %s', (line) => {
    expect(redactText(`${line}\n`)).toBe(`${line}\n`);
  });

  // No AWS secret key is all hex of one case: a commit SHA a little after an access key is not one.
  it.each([
    [
      'a lower-case SHA on the next line',
      'AKIA1E6G5XD7FSAO6U7U\ncommit 3f786850e387550fdab836ed7e6dc881de23001b',
    ],
    [
      'an upper-case SHA on the same line',
      'AKIA1E6G5XD7FSAO6U7U ID 3F786850E387550FDAB836ED7E6DC881DE23001B',
    ],
  ])('should never take %s for the access key’s secret', (_name, text) => {
    const expected = text.replace('AKIA1E6G5XD7FSAO6U7U', '[REDACTED:aws-access-key]');
    expect(redactText(`${text}\n`)).toBe(`${expected}\n`);
  });

  it('should withhold a private key block whole, and to the end when it has no END', () => {
    const block =
      '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\nAAAAB3NzaC1yc2EAAAADAQAB\n-----END OPENSSH PRIVATE KEY-----';
    expect(redactText(`before\n${block}\nafter\n`)).toBe('before\n[REDACTED:openssh-private-key]\nafter\n');
    const cut = redactChunks([
      Buffer.from('a\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n'),
    ]);
    expect(cut.output.toString()).toBe('a\n[REDACTED:private-key]');
  });

  it('should withhold a private key block of 1 MiB while holding no more than its bound', () => {
    const body = 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n'.repeat(20_000);
    const { output, stats } = redactChunks(
      [Buffer.from(`-----BEGIN RSA PRIVATE KEY-----\n${body}-----END RSA PRIVATE KEY-----\nok\n`)],
      { maxHoldBytes: 256 },
    );
    expect(output.toString()).toBe('[REDACTED:private-key]\nok\n');
    expect(stats.redactionsByKind).toEqual({ 'private-key': 1 });
  });

  it("should redact the environment's secrets plain, base64-, hex- and percent-encoded", () => {
    const value = 's3cr3t/v@lue+42';
    const env = { DEPLOY_TOKEN: value, HOME: '/home/someone-long' };
    const lines = [
      value,
      Buffer.from(value).toString('base64'),
      Buffer.from(`user:${value}`).toString('base64'),
      Buffer.from(value).toString('hex'),
      encodeURIComponent(value),
      '/home/someone-long',
    ];
    const output = redactText(`${lines.join('\n')}\n`, { env });
    expect(
      output
        .split('\n')
        .slice(0, 5)
        .every((line) => line.includes('[REDACTED:env:DEPLOY_TOKEN]')),
    ).toBe(true);
    for (const line of lines.slice(0, 5)) expect(output).not.toContain(line.slice(2, 12));
    expect(output).toContain('/home/someone-long');
  });

  it.each([
    ['DB_PASSWORD_PROD', true],
    ['SSH_PRIVATE_KEY_B64', true],
    ['GOOGLE_CREDENTIALS_JSON', true],
    ['PASSWORD_DB', true],
    ['PASSWORD_HASH', false],
    ['DB_PASSWORD_FILE', false],
    ['GOOGLE_CREDENTIALS_PATH', false],
    ['PASSWORD_RESET_URL', false],
    ['PASSWORD_MIN_LENGTH', false],
  ])(
    'should take %s for a secret name: %s (a name containing password, private key or credential)',
    (name, secret) => {
      const value = 'Vb7-some-Value-Qx4-long';
      const output = redactText(`printed: ${value}\n`, { env: { [name]: value } });
      expect(output).toBe(secret ? `printed: [REDACTED:env:${name}]\n` : `printed: ${value}\n`);
    },
  );

  it.each([
    ['sendinblue-api-key', `xkeysib-${'a1b2'.repeat(16)}-${'c3d4'.repeat(4)}`],
    ['typeform-token', `tfp_${'Kq8_wZ3.'.repeat(7)}Ab3`],
    ['frameio-token', `fio-u-${'Kq8-wZ3_'.repeat(8)}`],
    ['huggingface-org-token', `api_org_${'KqwZbNmT'.repeat(4)}Ab`],
    ['new-relic-browser-key', `NRJS-${'a1b2c3d4e5'.repeat(2).slice(0, 19)}`],
    ['new-relic-insert-key', `NRII-${'Kq8-wZ3_'.repeat(4)}`],
    ['adobe-client-secret', `p8e-${'Kq8wZ3bN'.repeat(4)}`],
    ['1password-secret-key', 'A3-ASWWYB-798JRYLJVD4-23DC2-86TVM-H43EB'],
    ['artifactory-api-key', `AKCp${'Kq8wZ3bN'.repeat(8)}Ab3Cd`],
  ])('should redact a %s printed bare (a gitleaks prefixed rule)', (kind, token) => {
    expect(redactText(`got ${token} here\n`)).toBe(`got [REDACTED:${kind}] here\n`);
  });

  it('should look for an AWS secret key after its access key on the same line only, so that no cut of the input changes the output', () => {
    // A property found this: the next line's key was redacted when both lines came in one write, not when cut.
    const secret = 'cThYMWRpYmZCVUVxQXdJRmNrVkZ2clpQR3A0MVl2';
    const sameLine = `AKIAQWERTYUIOPASDFGH ${secret}\n`;
    expect(redactText(sameLine)).toBe('[REDACTED:aws-access-key] [REDACTED:aws-secret-key]\n');
    const input = Buffer.from(`AKIAAAAAAAAAAAAAAAAA\necho ${secret} done\n`);
    const whole = redactChunks([input]).output.toString();
    for (let cut = 1; cut < input.length; cut++)
      expect(redactChunks([input.subarray(0, cut), input.subarray(cut)]).output.toString()).toBe(whole);
  });

  describe('an env secret in an encoding that wraps or percent-encodes otherwise', () => {
    const value = 'Kp3-long/deploy value+Zq8-Wv5-Np7-Rt2-Xy9-Lm4-Bc6-Hd1-Fg0-Jk2-Qs3-Ae5-Uo8-Ti7';
    const env = { DEPLOY_TOKEN: value };
    const tool = (file: string, args: string[]) => execFileSync(file, args, { input: value }).toString();
    const python = (call: string) =>
      execFileSync('python3', ['-c', `import sys, urllib.parse as u; print(${call}(sys.stdin.read()))`], {
        input: value,
      }).toString();

    it.each([
      ['xxd -p (60 hex characters a line)', () => tool('xxd', ['-p'])],
      ['base64 (76 characters a line)', () => tool('base64', [])],
      [
        'base64 -w 64 after a prefix',
        () => execFileSync('base64', ['-w', '64'], { input: `user:${value}` }).toString(),
      ],
      ["Python's quote, keeping /", () => python('u.quote')],
      ["Python's quote_plus", () => python('u.quote_plus')],
      ['URLSearchParams', () => `${new URLSearchParams({ v: value })}\n`],
    ])('should leave no 8 bytes of it in %s', (_, encode) => {
      const encoded = encode();
      const output = redactText(encoded, { env });
      expect(output).toContain('[REDACTED:env:DEPLOY_TOKEN]');
      const raw = Buffer.from(value);
      for (const line of output.split('\n')) {
        const plain = line.replaceAll(/\[REDACTED:[^\]]*\]/g, ' ');
        for (const piece of plain.split(' ')) {
          const decoded = [
            Buffer.from(piece, 'hex'),
            Buffer.from(piece, 'base64'),
            Buffer.from(decodeURIComponent(piece.replaceAll('+', ' '))),
          ];
          for (const bytes of decoded)
            for (let at = 0; at + 8 <= bytes.length; at++)
              expect(raw.includes(bytes.subarray(at, at + 8))).toBe(false);
        }
      }
    });
  });

  it('should redact a long environment value as one marker, whatever the chunking', () => {
    const value = 'Q'.repeat(0) + 'k9'.repeat(200);
    const text = `value=${value}!\n`;
    const whole = redactChunks([Buffer.from(text)], { env: { LONG_SECRET: value } });
    expect(whole.output.toString()).toBe('value=[REDACTED:env:LONG_SECRET]!\n');
    const chunked = redactChunks(
      [...Buffer.from(text)].map((byte) => Buffer.from([byte])),
      {
        env: { LONG_SECRET: value },
        maxHoldBytes: 256,
      },
    );
    expect(chunked.output.toString()).toBe(whole.output.toString());
    expect(chunked.stats).toEqual(whole.stats);
  });

  it('should redact the caller’s patterns and keep what allow names', () => {
    const options: RedactOptions = {
      patterns: [
        { pattern: 'internal-build-key-42', kind: 'build-key' },
        { pattern: /\bCUST-\d{6}\b/, kind: 'customer-id' },
      ],
      allow: [GITHUB, /^AKIAZ7Q3/],
    };
    const output = redactText(
      `k internal-build-key-42 CUST-123456 ${GITHUB} AKIAZ7Q3X5VN2PLM4R8T\n`,
      options,
    );
    expect(output).toBe(`k [REDACTED:build-key] [REDACTED:customer-id] ${GITHUB} AKIAZ7Q3X5VN2PLM4R8T\n`);
  });

  it('should redact a secret split at every byte between two writes, through the Node stream', async () => {
    const text = `token ${GITHUB}\n`;
    for (let cut = 0; cut <= text.length; cut++) {
      const { text: output, stats } = await redactStream([text.slice(0, cut), '', text.slice(cut)]);
      expect(output).toBe('token [REDACTED:github-token]\n');
      expect(stats).toEqual({
        inputBytes: text.length,
        outputBytes: output.length,
        redactions: 1,
        redactionsByKind: { 'github-token': 1 },
      });
    }
  });

  it('should pass a multi-byte character split at every byte and CRLF across writes unchanged', async () => {
    const text = 'héllo wörld ✓ 🎉\r\nnext\r\n';
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const { text: output } = await redactStream([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(output).toBe(text);
    }
  });

  it('should withhold the rest of a secret that runs past the hold, and emit the rest of the line', () => {
    const value = 'Zx9'.repeat(2000);
    const line = `${'pad '.repeat(100)}API_TOKEN=${value} tail\n`;
    const { output, pieces } = redactChunks(
      [...Buffer.from(line)].map((byte) => Buffer.from([byte])),
      { maxHoldBytes: 256 },
    );
    expect(output.toString()).toBe(`${'pad '.repeat(100)}API_TOKEN=[REDACTED:secret-assignment] tail\n`);
    expect(pieces.some((piece) => piece.toString().includes('Zx9Zx9Zx'))).toBe(false);
  });

  it('should emit a line longer than the hold before its end comes', () => {
    const core = redactChunks([Buffer.from('word '.repeat(1000))], { maxHoldBytes: 256 });
    expect(core.pieces.length).toBeGreaterThan(0);
    expect(core.output.toString()).toBe('word '.repeat(1000));
  });

  it('should find on a line of 2.5 MiB written whole what writes of 64 KiB find, with a token astride each 1 MiB of it', () => {
    // Arrange: a write's bytes of a long line are scanned 1 MiB at a time; a token across each cut.
    const line = Buffer.alloc(2.5 * 1024 * 1024, 'word ');
    for (const at of [1024 * 1024 - 10, 2 * 1024 * 1024 - 30, 100_000])
      line.write(` ${GITHUB} `, at - 1, 'latin1');
    const expected = line.toString('latin1').replaceAll(GITHUB, '[REDACTED:github-token]');
    // Act
    const whole = redactChunks([line]);
    const chunked = redactChunks(chunksOf(line, 65_536));
    // Assert
    expect(whole.output.toString('latin1')).toBe(expected);
    expect(chunked.output.toString('latin1')).toBe(expected);
    expect(whole.stats).toEqual(chunked.stats);
    expect(whole.stats.redactions).toBe(3);
  });
});

describeStageContract('SecretRedactor', {
  create: (options) => new SecretRedactor(options as never),
  knownOptions: ['env', 'patterns', 'allow', 'maxHoldBytes'],
  validOptions: [
    {
      env: { API_TOKEN: 'abcdefghij' },
      patterns: [{ pattern: 'xyz123', kind: 'x' }],
      allow: ['ok'],
      maxHoldBytes: 1024,
    },
  ],
  input: () => [Buffer.from(`a ${GITHUB}\nb\n`), Buffer.alloc(16 * 1024, 'b\n')],
  invalidOptions: [
    [null, TypeError, 'The "options" argument must be of type object. Received null'],
    [
      { maxHoldBytes: 100 },
      RangeError,
      'The "maxHoldBytes" option must be a safe integer greater than or equal to 256. Received 100',
    ],
  ],
});

describe('the SecretRedactor README', () => {
  it('should list every kind of token format in its table', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const { kind, prefix } of TOKEN_FORMATS) {
      expect(readme).toContain(`| \`${kind}\` |`);
      expect(readme).toContain(`\`${prefix}\``);
    }
  });
});

describe('redactText', () => {
  it('should give what the stream gives for a short text, env values and non-ASCII included', async () => {
    const text = `Deploy with ${GITHUB} as é ${'Zq8-deploy-Wv3-value'}? `;
    const options = { env: { DEPLOY_TOKEN: 'Zq8-deploy-Wv3-value' } };
    expect(exportedRedactText(text, options)).toBe(
      'Deploy with [REDACTED:github-token] as é [REDACTED:env:DEPLOY_TOKEN]? ',
    );
    expect(exportedRedactText(text, options)).toBe((await redactStream([text], options)).text);
    expect(exportedRedactText('MAX_TOKENS=100')).toBe('MAX_TOKENS=100');
  });

  it('should refuse invalid options as the stream does', () => {
    expect(() => exportedRedactText('x', { maxHoldBytes: 255 })).toThrow(RangeError);
  });
});
