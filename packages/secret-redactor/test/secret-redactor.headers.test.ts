import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { badCuts, leakedStretch, redactChunks, wholeAndCut } from './redact';

// A credential found from a `:` or `=` must start within the reach after its anchor that the next window
// searches again (`ASSIGNMENT_AHEAD_BYTES`, 64): else a window that commits the anchor but not the credential
// drops it, and the next never visits the anchor again. A quoted credential after many spaces once started
// up to 160 bytes on: the whole line redacted it, a split line showed it. Now the spaces past the fourth are
// redacted with the credential.

const TOKEN = 'Zq9xY8wV7uT6sR5qP4oN3mL2kJ1hG0fE';
const ESC = '\x1b';

describe('SecretRedactor on a quoted Authorization credential far after its colon', () => {
  it('should redact a quoted credential after 60 spaces whatever write ends near it', () => {
    // Arrange: the credential starts 69 bytes after the colon (56 spaces or more: over 64)
    const line = Buffer.from(
      `${'.'.repeat(300)} Authorization: "Bearer${' '.repeat(60)}${TOKEN}" ${'.'.repeat(300)}\n`,
    );
    const options = { maxHoldBytes: 256 };
    const whole = redactChunks([line], options).output.toString();
    expect(leakedStretch(Buffer.from(whole), TOKEN)).toBeNull();
    // Act: every split in two writes (559-563 leaked before), and one byte per write
    const bad = badCuts(line, TOKEN, whole, options);
    const bytes = Array.from({ length: line.length }, (_, at) => line.subarray(at, at + 1));
    const byteWise = redactChunks(bytes, options).output;
    // Assert
    expect(bad).toEqual([]);
    expect(leakedStretch(byteWise, TOKEN)).toBeNull();
    expect(byteWise.toString()).toBe(whole);
  });

  it('should redact a quoted credential after 100 spaces with the default hold when a write ends 250 bytes past the colon', () => {
    // Arrange
    const line = Buffer.from(
      `${'.'.repeat(4200)} Authorization: "Bearer${' '.repeat(100)}${TOKEN}" ${'.'.repeat(300)}\n`,
    );
    const cut = line.indexOf('Authorization:') + 13 + 250;
    // Act
    const { whole, split } = wholeAndCut(line, cut);
    // Assert
    expect(leakedStretch(whole, TOKEN)).toBeNull();
    expect(leakedStretch(split, TOKEN)).toBeNull();
    expect(split.toString()).toBe(whole.toString());
  });
});

describe('SecretRedactor on headers coloured by grep --color and jq -C', () => {
  // Colours and erases around a header's name, its colon, its scheme and its value (what grep --color and
  // jq -C print, and SGR with the ITU `:` parameters) are read through; before, each of these was shown whole.
  const forms: [string, string][] = [
    [
      'grep --color=always Authorization',
      `${ESC}[01;31m${ESC}[KAuthorization${ESC}[m${ESC}[K: Bearer ${TOKEN}\n`,
    ],
    ['grep --color=always Bearer', `Authorization: ${ESC}[01;31m${ESC}[KBearer${ESC}[m${ESC}[K ${TOKEN}\n`],
    [
      'jq -C',
      `  ${ESC}[0m${ESC}[34;1m"Authorization"${ESC}[0m${ESC}[1;39m: ${ESC}[0m${ESC}[0;32m"Bearer ${TOKEN}"${ESC}[0m\n`,
    ],
    ['SGR with colon parameters', `${ESC}[38:5:196mAuthorization: Bearer ${TOKEN}\n`],
  ];
  for (const [name, text] of forms)
    it(`should redact the credential of a coloured header: ${name}`, () => {
      // Act
      const { output } = redactChunks([Buffer.from(text)]);
      // Assert
      expect(leakedStretch(output, TOKEN)).toBeNull();
    });
});

describe('SecretRedactor on a request Cookie with a placeholder-like cookie after the session', () => {
  // The request Cookie's value runs to the line's end: judged as a whole, `example`, `your_` or `placeholder`
  // in another cookie made it a placeholder and passed the session whole. Each cookie is judged on its own.
  const lines = [
    `> Cookie: session=${TOKEN}; site=example.org\n`,
    `> Cookie: session=${TOKEN}; your_pref=dark\n`,
    `> Cookie: session=${TOKEN}; ab=placeholder\n`,
  ];
  for (const line of lines)
    it(`should redact the session cookie of ${JSON.stringify(line.slice(0, 20))}…${JSON.stringify(line.slice(-20))}`, () => {
      // Act
      const { output } = redactChunks([Buffer.from(line)]);
      // Assert
      expect(leakedStretch(output, TOKEN)).toBeNull();
    });
});
