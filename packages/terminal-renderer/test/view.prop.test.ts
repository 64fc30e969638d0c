import { nodeByteOps } from '@pipeguard/shared';
import { SourceOffsetMap } from '@pipeguard/shared/core';
import { cutAt, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TerminalRendererCore } from '../src/core';
import { anyTerminalProgram } from './programs';

/** Plain lines (text that passes in bulk while it is never drawn over), a redraw now and then. */
const plainText = fc
  .array(fc.constantFrom('a\n', 'bb\n', 'line é 日本\n', 'x', '50%\r'), { maxLength: 40 })
  .map((pieces) => Buffer.from(pieces.join('')));

/** The first index at or after `at` that starts a character: a view leaves out a character its input cut. */
function characterStart(bytes: Uint8Array, at: number): number {
  let cut = at;
  while (cut < bytes.length && ((bytes[cut] as number) & 0xc0) === 0x80) cut++;
  return cut;
}

/** A core over `parts`, with a `view()` after each when `viewing`: its output, and each view's bytes. */
function drive(parts: Uint8Array[], viewing: boolean): { output: Buffer; views: Buffer[]; ends: Buffer[] } {
  const core = new TerminalRendererCore({ maxLiveLines: 4 }, nodeByteOps, new SourceOffsetMap());
  const output: Buffer[] = [];
  const views: Buffer[] = [];
  const ends: Buffer[] = [];
  for (const part of parts) {
    core.write(part, (bytes) => output.push(Buffer.from(bytes)));
    if (!viewing) continue;
    views.push(Buffer.from(core.view()));
    // What ending here would emit: a twin fed the same bytes, then ended.
    const twin = new TerminalRendererCore({ maxLiveLines: 4 }, nodeByteOps, new SourceOffsetMap());
    const end: Buffer[] = [];
    for (const earlier of parts.slice(0, parts.indexOf(part) + 1)) twin.write(earlier, () => {});
    twin.end((bytes) => end.push(Buffer.from(bytes)));
    ends.push(Buffer.concat(end));
  }
  core.end((bytes) => output.push(Buffer.from(bytes)));
  return { output: Buffer.concat(output), views, ends };
}

describe('TerminalRendererCore.view', () => {
  it('should show what end() would emit at that point (parts cut between characters), and change nothing the core emits', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyTerminalProgram, plainText).chain((bytes) =>
          fc.array(fc.integer({ min: 0, max: bytes.length }), { maxLength: 6 }).map((cuts) =>
            cutAt(
              bytes,
              cuts.map((cut) => characterStart(bytes, cut)),
            ),
          ),
        ),
        (parts) => {
          const viewed = drive(parts, true);
          expect(viewed.output.toString('hex')).toBe(drive(parts, false).output.toString('hex'));
          expect(viewed.views.map((view) => view.toString('hex'))).toEqual(
            viewed.ends.map((end) => end.toString('hex')),
          );
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
