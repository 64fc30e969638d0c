import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { leakedStretch, redactChunks } from './redact';

// Review of 4ddc945, 8eb94c9, f16f240. f16f240 lets a quoted credential follow its scheme after any number
// of spaces (`while (bytes[credential] === 0x20) credential++`, bounded only by the read's limit, anchor + 160),
// so a credential found from the `:` or `=` anchor may start more than `ASSIGNMENT_AHEAD_BYTES` (64) after it:
// a window that commits the anchor but not the credential drops it, and the next window never visits the
// anchor again (it searches `:` from 64 bytes back). The whole line redacts it; the split line shows it.

const TOKEN = 'Zq9xY8wV7uT6sR5qP4oN3mL2kJ1hG0fE';
const ESC = '\x1b';

describe('SecretRedactor review 7: quoted Authorization credential far after its colon', () => {
  it('should redact a quoted credential after 60 spaces whatever write ends near it', () => {
    // Arrange: the credential starts 69 bytes after the colon (56 spaces or more: over 64)
    const line = Buffer.from(
      `${'.'.repeat(300)} Authorization: "Bearer${' '.repeat(60)}${TOKEN}" ${'.'.repeat(300)}\n`,
    );
    const options = { maxHoldBytes: 256 };
    const whole = redactChunks([line], options).output.toString();
    expect(leakedStretch(Buffer.from(whole), TOKEN)).toBeNull();
    // Act: every split in two writes (559-563 leak on main at 1c3acec+f16f240), and one byte per write
    const bad: number[] = [];
    for (let cut = 1; cut < line.length; cut++) {
      const { output } = redactChunks([line.subarray(0, cut), line.subarray(cut)], options);
      if (leakedStretch(output, TOKEN) !== null || output.toString() !== whole) bad.push(cut);
    }
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
    const whole = redactChunks([line]).output;
    const split = redactChunks([line.subarray(0, cut), line.subarray(cut)]).output;
    // Assert
    expect(leakedStretch(whole, TOKEN)).toBeNull();
    expect(leakedStretch(split, TOKEN)).toBeNull();
    expect(split.toString()).toBe(whole.toString());
  });
});

describe('SecretRedactor review 7: coloured headers f16f240 still misses (whole input)', () => {
  // `afterColour` handles one SGR ending right before the name, with `;` parameters only. What grep --color
  // and jq -C print (and the ITU `:` parameters) is shown whole, written in one piece or in any chunking.
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

describe('SecretRedactor review 7: a request Cookie judged a placeholder by a later cookie (before these commits)', () => {
  // The request Cookie's value runs to the line's end (160 bytes read): `isPlaceholderValue` of the whole
  // header then sees `example`, `your_` or `placeholder` in another cookie and passes the session whole.
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
