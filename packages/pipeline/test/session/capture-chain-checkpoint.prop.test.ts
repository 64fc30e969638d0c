import { cutBytes, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CaptureChain, optionKeysOf, type PresetOptions } from '../../src/core';
import { NODE_CHAIN_TOOLS } from '../../src/preset/node-chain-tools';

/** Pieces of a command's output: repeated lines, redraws, cursor moves, multi-byte text, a token. */
const PIECES = [
  'x\n',
  'x\n',
  'y\n',
  'line é 日本\n',
  '50%\r',
  '100%\n',
  '\u001b[2K',
  '\u001b[1A',
  '\r\n',
  'ab',
  'Name? ',
  'token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB\n',
];

const OPTIONS: PresetOptions[] = [
  {},
  { render: 'terminal' },
  { foldRepeats: true },
  { render: 'terminal', foldRepeats: true },
  { render: 'terminal', foldRepeats: true, redact: true },
];

const output = fc
  .array(fc.constantFrom(...PIECES), { maxLength: 60 })
  .map((pieces) => Buffer.from(pieces.join('')));

function chainOf(options: PresetOptions): CaptureChain {
  return new CaptureChain(options, optionKeysOf('core'), NODE_CHAIN_TOOLS, { checkpoints: true });
}

describe('CaptureChain.checkpoint', () => {
  it('should give reads that, kept as a transcript (unsettled text replaced), are the text of one capture of the whole output', () => {
    fc.assert(
      fc.property(cutBytes(output, 8), fc.constantFrom(...OPTIONS), ({ bytes, parts }, options) => {
        // Arrange: one chain over the whole output, and one checkpointed at every read point.
        const whole = chainOf(options);
        whole.write(bytes);
        const expected = whole.finish();
        const chain = chainOf(options);
        // Act: keep a transcript as a reader would.
        let transcript = '';
        let unsettled = '';
        let counted = 0;
        const replace = (unchanged: number, text: string) => {
          transcript = transcript.slice(0, transcript.length - unsettled.length + unchanged) + text;
        };
        for (const part of parts) {
          chain.write(part);
          const read = chain.checkpoint();
          replace(read.unchanged, read.capture.text);
          unsettled = read.unsettled;
          // Assert: the unsettled text ends the transcript; only it may change.
          expect(transcript.endsWith(unsettled)).toBe(true);
          expect(read.capture.bytes).toBe(part.length);
          counted += read.capture.bytes;
        }
        const last = chain.finish();
        replace(chain.unchanged, last.text);
        expect(transcript).toBe(expected.text);
        expect(counted + last.bytes).toBe(bytes.length);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
