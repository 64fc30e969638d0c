import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { TOKEN_FORMATS } from '../src/core';

/** A secret as a test plants it: its text, the random part no output may show, and its marker's kind. */
export interface Secret {
  text: string;
  random: string;
  kind: string;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE64URL = `${ALNUM}-_`;
const BASE64 = `${ALNUM}+/`;

/** `length` characters of `alphabet`. */
export function randomOf(alphabet: string, length: number, maxLength = length): fc.Arbitrary<string> {
  return fc
    .array(fc.integer({ min: 0, max: alphabet.length - 1 }), { minLength: length, maxLength })
    .map((indexes) => indexes.map((index) => alphabet[index]).join(''));
}

/** A token of every prefixed format, its body random. */
export const formatSecret: fc.Arbitrary<Secret> = fc.constantFrom(...TOKEN_FORMATS).chain((format) =>
  randomOf(format.alphabet, format.minBodyBytes, format.exactBodyBytes ?? format.minBodyBytes + 24).map(
    (body) => {
      // OpenAI's legacy keys carry their mark at a fixed place in the body.
      const random = format.prefix === 'sk-' ? `${body.slice(0, 20)}T3BlbkFJ${body.slice(28)}` : body;
      return { text: `${format.prefix}${random}`, random, kind: format.kind };
    },
  ),
);

/** A JSON Web Token: header, payload and signature random after their `eyJ`. */
export const jwtSecret: fc.Arbitrary<Secret> = fc
  .tuple(randomOf(BASE64URL, 12, 40), randomOf(BASE64URL, 12, 60), randomOf(BASE64URL, 20, 43))
  .map(([header, payload, signature]) => ({
    text: `eyJ${header}.eyJ${payload}.${signature}`,
    random: `${header}.eyJ${payload}.${signature}`,
    kind: 'jwt',
  }));

/** Anything tokens of every kind can sit in: a line around `{}`, the secret's place. */
export const WRAPPERS: readonly string[] = [
  '{}',
  'SOME_SETTING={}',
  'export RELEASE_VAR={}',
  '{"value": "{}", "n": 1}',
  'value: {}',
  'Authorization: Bearer {}',
  '+  const client = new Client("{}");',
  '\x1b[1;31m{}\x1b[0m',
  'curl https://api.example.com/v1?key={}&page=2',
];

/** A secret-shaped value of a secret-named key (`KEY=`, `export`, JSON, YAML forms). */
export const assignmentSecret: fc.Arbitrary<[line: string, secret: Secret]> = fc
  .tuple(
    fc.constantFrom(
      'API_TOKEN={}',
      'export DB_PASSWORD={}',
      '"client_secret": "{}",',
      'password: {}',
      "aws_secret_access_key = '{}'",
    ),
    // A generated secret mixes cases and digits: a word of one case (`another`) is prose, not a secret.
    randomOf(ALNUM, 12, 40).map((random) => `${random}9Zq`),
  )
  .map(([line, random]) => [
    line,
    { text: random, random, kind: line.startsWith('aws') ? 'aws-secret-key' : 'secret-assignment' },
  ]);

/** A password in a URL, a bearer credential, a cookie. */
export const structuredSecret: fc.Arbitrary<[line: string, secret: Secret]> = fc
  .tuple(fc.integer({ min: 0, max: 2 }), randomOf(ALNUM, 10, 40))
  .map(([shape, random]): [string, Secret] => {
    if (shape === 0)
      return ['postgres://admin:{}@db.internal:5432/app', { text: random, random, kind: 'url-password' }];
    if (shape === 1) return ['> Authorization: Bearer {}', { text: random, random, kind: 'bearer-token' }];
    return ['< Set-Cookie: {}; Path=/; HttpOnly', { text: `sid=${random}`, random, kind: 'cookie' }];
  });

/** A PEM, OpenSSH or PGP private key block, its base64 lines random, as a diff adds it or bare. */
export const keyBlock: fc.Arbitrary<[block: string, secret: Secret]> = fc
  .tuple(
    fc.constantFrom(
      ['RSA PRIVATE KEY', 'private-key'],
      ['PRIVATE KEY', 'private-key'],
      ['OPENSSH PRIVATE KEY', 'openssh-private-key'],
      ['PGP PRIVATE KEY BLOCK', 'pgp-private-key'],
    ),
    fc.array(randomOf(BASE64, 64), { minLength: 1, maxLength: 6 }),
    fc.boolean(),
  )
  .map(([[label, kind], lines, diff]) => {
    const mark = diff ? '+' : '';
    const body = lines.map((line) => `${mark}${line}\n`).join('');
    const text = `-----BEGIN ${label}-----\n${body}${mark}-----END ${label}-----`;
    return [`${mark}{}`, { text, random: lines.join(''), kind }];
  });

/** Lines that hold no secret, from the kinds of output an agent reads. */
export const PLAIN_LINES: readonly string[] = [
  'commit 3f786850e387550fdab836ed7e6dc881de23001b',
  'Author: A Person <a.person@example.com>',
  'Date:   Sun Dec 6 18:04:20 2026 +0000',
  'diff --git a/src/index.ts b/src/index.ts',
  '--- a/src/index.ts',
  '+++ b/src/index.ts',
  '@@ -1,4 +1,6 @@ export function run(options: RunOptions): Promise<RunResult> {',
  '-  const token = server.token;',
  '+  const maxTokens = options.maxTokens ?? 100;',
  'MAX_TOKENS=100',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell reference is the text under test
  'password: ${DB_PASSWORD}',
  'TOKEN_URL=https://auth.example.com/oauth/token',
  'integrity sha512-Vn8n7Yf0Aq1Y5pQm7l9Z7m1iJ2e7cYb2oF8m0r9V6aQv0kQm3J5v1Qq7t8C1b6r3rVdJ0x4pY1+Wk9sA==',
  'id: 123e4567-e89b-12d3-a456-426614174000',
  'image: node@sha256:4c1f6f1c7a3f2b6e7d8c9b0a1f2e3d4c5b6a7980f1e2d3c4b5a69788f7e6d5c4',
  '-rwxr-xr-x 1 root root 1437824 Jan  1  2024 /usr/bin/bash',
  'drwxr-xr-x  12 user staff   384 Dec  6 10:00 node_modules',
  'const { token } = await client.auth({ password: input.password });',
  '  "secretName": "db-credentials",',
  'export PATH=/usr/local/bin:/usr/bin',
  'PWD=/home/user/project',
  'Set MAX_TOKENS to 4096 to keep replies short.',
  '',
];

/** The near-misses of {@link nearMisses}, one after another. */
export const NEAR_MISS_PIECES: readonly string[] = [
  'ghp_',
  'glpat-',
  'AKIA',
  'xoxb-',
  'sk-',
  'eyJ',
  'eyJabc.eyJ',
  'TOKEN=$TOKEN ',
  'password: <secret> ',
  '"api_key": "<your key>", ',
  '-----BEGIN ',
  'https://u:',
  'Authorization: Bearer $TOKEN ',
  'Zm9vYmFyYmF6'.repeat(8),
  '==',
  '_-_-',
  '~Q~',
];

/**
 * `bytes` of near-misses on one line, none a secret: prefixes with no body, base64-like runs, secret names
 * whose values are placeholders (`TOKEN=$TOKEN`), a key block's BEGIN with no key label, a URL with no `@`.
 */
export function nearMisses(bytes: number): Buffer {
  const pieces = NEAR_MISS_PIECES;
  const out: string[] = [];
  for (let length = 0, index = 0; length < bytes; index++) {
    const piece = pieces[index % pieces.length] as string;
    out.push(piece);
    length += piece.length;
  }
  return Buffer.from(out.join('').slice(0, bytes));
}
