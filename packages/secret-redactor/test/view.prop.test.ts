import { nodeByteOps } from '@pipeguard/shared';
import { cutBytes, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SecretRedactorCore } from '../src/core';
import { nodeLatin1 } from './redact';

const TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';
const output = fc
  .array(fc.constantFrom('ok\n', `token ${TOKEN}\n`, 'API_KEY=', 'x', `${TOKEN.slice(0, 20)}`, ' '), {
    maxLength: 30,
  })
  .map((pieces) => Buffer.from(pieces.join('')));

function core(): SecretRedactorCore {
  return new SecretRedactorCore({ byteOps: nodeByteOps, latin1: nodeLatin1 });
}

describe('SecretRedactorCore.view', () => {
  it('should show what extra bytes then end() would emit but an open last word, and change nothing the redactor emits', () => {
    fc.assert(
      fc.property(cutBytes(output), fc.constantFrom('', 'more', ` ${TOKEN}\n`), ({ parts }, extra) => {
        const viewed = core();
        const plain = core();
        const out: Buffer[] = [];
        const plainOut: Buffer[] = [];
        for (const [index, part] of parts.entries()) {
          viewed.write(part, (piece) => out.push(Buffer.from(piece)));
          plain.write(part, (piece) => plainOut.push(Buffer.from(piece)));
          const twin = core();
          for (const earlier of parts.slice(0, index + 1)) twin.write(earlier, () => {});
          const expected: Buffer[] = [];
          twin.write(Buffer.from(extra), (piece) => expected.push(Buffer.from(piece)));
          twin.end((piece) => expected.push(Buffer.from(piece)));
          const view = Buffer.from(viewed.view(Buffer.from(extra))).toString();
          // What ending would emit, but for an open line's last word (a secret may be being written).
          expect(Buffer.concat(expected).toString().startsWith(view)).toBe(true);
        }
        viewed.end((piece) => out.push(Buffer.from(piece)));
        plain.end((piece) => plainOut.push(Buffer.from(piece)));
        expect(Buffer.concat(out).toString()).toBe(Buffer.concat(plainOut).toString());
        expect(viewed.stats).toEqual(plain.stats);
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it.each([
    ['half a token', 'token ghp_A1b2C3d4E5f6G7h8I9', 'token '],
    ['half a secret-named value', 'export API_TOKEN=s3cr3tV4', 'export '],
    ['an open quoted value', 'password: "correct horse batt', 'password: "'],
    ['a prompt', 'Name? ', 'Name? '],
    ['an apostrophe', "I don't know ", "I don't know "],
  ])('should leave out %s at the end of an open line', (_name, text, shown) => {
    expect(Buffer.from(core().view(Buffer.from(text))).toString()).toBe(shown);
  });
});
