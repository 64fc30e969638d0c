import { propertyRuns, propertyTimeout } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputRows, xtermRows } from './oracle';
import { renderCore } from './render-core';

const ESC = '\x1b';
const TIMEOUT = propertyTimeout(300_000);

/**
 * A piece of a frame's line: text of a length (drawn anew in each frame), or bytes every frame repeats but
 * now and then, when another sequence of the same length takes their place (its twin).
 */
type Piece = { length: number } | { bytes: string; twin: string };

/** Sequences and their twins: the same length, another effect. */
const TWINS: readonly (readonly [string, string])[] = [
  [`${ESC}[32m`, `${ESC}[31m`],
  [`${ESC}[0m`, `${ESC}[1m`],
  [`${ESC}[1;36m`, `${ESC}[1;33m`],
  [`${ESC}[K`, `${ESC}[J`],
  [`${ESC}[0K`, `${ESC}[1K`],
  [`${ESC}[1K`, `${ESC}[2K`],
  [`${ESC}[2K`, `${ESC}[0K`],
  [`${ESC}[?25l`, `${ESC}[?25h`],
  [`${ESC}[C`, `${ESC}[D`],
  [`${ESC}[2D`, `${ESC}[2C`],
  [`${ESC}[5G`, `${ESC}[9G`],
  ['\r', '\b'],
];

const piece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }).map((length) => ({ length })) },
  { weight: 3, arbitrary: fc.constantFrom(...TWINS).map(([bytes, twin]) => ({ bytes, twin })) },
  // What no frame holds (then frames are drawn as they come) or what only a frame run whole may hold.
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(`${ESC}7`, `${ESC}8`, 'é', '━━━', '東', '\t')
      .map((bytes) => ({ bytes, twin: bytes })),
  },
);

/** How a frame goes back to where the last one began, as docker, log-update and pnpm do (`n`: lines up). */
const leads = [
  (n: number) => `${ESC}[${n}A`,
  (n: number) => `${`${ESC}[1A`.repeat(n)}${ESC}[1G`,
  (n: number) => `${`${ESC}[2K${ESC}[1A`.repeat(n)}${ESC}[2K${ESC}[G`,
  (n: number) => `${ESC}[K${ESC}[0J\r${ESC}[${n}A`,
];

/**
 * A layout a program redraws: a lead back to its start (a CR for a one-line bar), then lines of pieces, each
 * ended by a line feed in a multi-line display.
 */
const layout = fc.record({
  lead: fc.oneof(fc.constant(-1), fc.integer({ min: -1, max: leads.length - 1 })),
  lines: fc.array(fc.array(piece, { maxLength: 5 }), { minLength: 1, maxLength: 4 }),
  feed: fc.constantFrom('\n', '\r\n'),
});

const printable = fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code));

/** A bar's run of one block character, `count` of them, with another at its end or not (tqdm, rich). */
const blocks = (count: number) =>
  fc
    .tuple(fc.constantFrom('━', '█', '▏'), fc.constantFrom('', '╸', '▌'))
    .map(([block, tip]) => `${block.repeat(count)}${tip}`);

/**
 * Text of `length` printable ASCII characters; now and then of another length (a figure that grew), a run of
 * block characters, or of the same length with a control or a character beyond ASCII in it.
 */
const textOf = (length: number) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.string({ unit: printable, minLength: length, maxLength: length }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 3 * length }).chain(blocks) },
    { weight: 1, arbitrary: fc.string({ unit: printable, minLength: 1, maxLength: 12 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.string({ unit: printable, minLength: length, maxLength: length }),
          fc.nat(),
          fc.constantFrom('\r', '\b', '\xe9'),
        )
        .map(([text, at, odd]) => {
          const index = at % text.length;
          return `${text.slice(0, index)}${odd}${text.slice(index + 1)}`;
        }),
    },
  );

/** Frames of one layout, each with its own text, after the text that begins the display. */
const repeatedFrames = layout.chain(({ lead, lines, feed }) => {
  const slots = lines.flat();
  const frame = fc
    .tuple(
      ...slots.map((slot) =>
        'length' in slot
          ? textOf(slot.length)
          : fc.oneof({ weight: 9, arbitrary: fc.constant(slot.bytes) }, fc.constant(slot.twin)),
      ),
    )
    .map((texts) => {
      let next = 0;
      const drawn = lines.map((line) => line.map(() => texts[next++] as string).join(''));
      if (lead === -1) return `\r${drawn.join('')}`;
      const back = (leads[lead] as (n: number) => string)(lines.length);
      return `${back}${drawn.map((line) => `${line}${feed}`).join('')}`;
    });
  return fc
    .tuple(fc.array(frame, { minLength: 2, maxLength: 10 }), fc.constantFrom('', 'start\n', 'a\nb\nc\nd\n'))
    .map(([frames, before]) => Buffer.from(`${before}${'\n'.repeat(lines.length)}${frames.join('')}`));
});

// A multi-line display redraws one layout with other figures: a frame with the last one's bytes but for its
// text, in the same places, is skipped without being simulated (see the skipper). These hold it to what
// simulating it gives (one byte per chunk never skips) and to what a terminal shows.
describe('TerminalRenderer frames of one layout drawn again', { timeout: TIMEOUT }, () => {
  it('should give the same output and stats whether a chunk holds every frame or one byte', () => {
    fc.assert(
      fc.property(
        repeatedFrames,
        fc.integer({ min: 1, max: 8 }),
        fc.oneof(fc.integer({ min: 4, max: 60 }), fc.constant(undefined)),
        fc.oneof(fc.integer({ min: 8, max: 40 }), fc.constant(null)),
        (bytes, maxLiveLines, maxRowBytes, cols) => {
          const options = { maxLiveLines, maxRowBytes, cols };
          const whole = renderCore(bytes, options);
          const byteByByte = renderCore(bytes, options, [...bytes.keys()]);
          expect(whole.output.toString('hex')).toBe(byteByByte.output.toString('hex'));
          expect(whole.stats).toEqual(byteByByte.stats);
        },
      ),
      { numRuns: propertyRuns(1000) },
    );
  });

  it('should render them as @xterm/headless shows them', async () => {
    await fc.assert(
      fc.asyncProperty(
        repeatedFrames,
        fc.oneof(fc.integer({ min: 8, max: 40 }), fc.constant(null)),
        async (bytes, cols) => {
          const { output } = renderCore(bytes, { maxLiveLines: 6, cols });
          expect(outputRows(output, cols)).toEqual(await xtermRows(bytes, 6, cols));
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});
