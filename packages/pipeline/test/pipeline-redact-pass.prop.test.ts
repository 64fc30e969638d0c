import { createHash } from 'node:crypto';
import { cutAt, cutsFor, feed, propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CaptureChain, optionKeysOf } from '../src/core';
import { type Capture, type LiveEvent, type PipelineOptions, pipeline } from '../src/index';
import { NODE_CHAIN_TOOLS } from '../src/preset/node-chain-tools';

// Attacks on the redactor passed over once a head-only sink is full: a secret placed where a reader could
// see it (the kept head's edge, the omitted middle that keepMatches excerpts, the kept tail, a key block
// across the head's limit, a token cut at the chunk that fills the head) never shows, under any chunking.

const FILLER = 'ok line of filler text\n';
const TOKEN = 'ghp_Zq3vW8xKp2LmN7rTy5Bc9Hd4Fg6Jk1Qs0Ae2';
const RUNS = propertyRuns(40);
/** Every budget shape: a head alone (the redactor passed over), head and tail, a tail, at lines, rendered, folded. */
const BUDGETS: PipelineOptions[] = [
  { keep: 'head' },
  { keep: 'head', cutAt: 'line' },
  { keep: 'head', render: 'terminal' },
  { keep: 'head', foldRepeats: true },
  { keep: 'both' },
  { keep: 'both', cutAt: 'line', render: 'terminal', foldRepeats: true },
  { keep: 'tail' },
];

/** A private key block of 20 body lines no filler shares 8 bytes with. */
const KEY_BODY = Array.from({ length: 20 }, (_, line) =>
  createHash('sha512').update(`key line ${line}`).digest('base64').slice(0, 64),
);
const KEY_BLOCK = `-----BEGIN PRIVATE KEY-----\n${KEY_BODY.join('\n')}\n-----END PRIVATE KEY-----\n`;

/** Every 8 consecutive bytes of a secret's random part, as the property looks for them. */
function piecesOf(secret: string): string[] {
  return Array.from({ length: secret.length - 7 }, (_, at) => secret.slice(at, at + 8));
}
const TOKEN_PIECES = piecesOf(TOKEN.slice(4));
const KEY_PIECES = KEY_BODY.flatMap(piecesOf);

/** Everything a reader is shown of a capture: its text (marker and excerpts placed), the excerpts, the live lines, the settled text. */
function shownOf(capture: Capture, events: readonly LiveEvent[], settled: readonly string[]): string[] {
  return [
    capture.text,
    capture.marker ?? '',
    ...capture.excerpts.map((excerpt) => excerpt.bytes.toString('latin1')),
    ...events.map((event) => (event.type === 'line' ? event.text : '')),
    settled.join(''),
  ];
}

function leakedPieces(shown: readonly string[], pieces: readonly string[]): string[] {
  return pieces.filter((piece) => shown.some((text) => text.includes(piece)));
}

/**
 * A capture of `chunks` through `pipeline()` with `redact` and `onSettledText`, what it shows (see
 * {@link shownOf}), and whether the redactor was passed over.
 */
async function redactedRun(chunks: readonly Buffer[], options: PipelineOptions) {
  const settled: string[] = [];
  const running = pipeline(feed(chunks), {
    redact: true,
    onSettledText: (text) => {
      settled.push(text);
    },
    ...options,
  });
  const events: LiveEvent[] = [];
  const live = (async () => {
    for await (const event of running.lines ?? []) events.push(event);
  })();
  const [capture] = await Promise.all([running, live]);
  const passedOver = (running.stages.redactor?.stats.inputBytes ?? 0) < capture.bytes;
  return { capture, shown: shownOf(capture, events, settled), events, passedOver };
}

/** Cuts of `bytes` anywhere, with one cut forced into `[from, to]` (the attack's spot). */
function chunkingsOf(bytes: Buffer, from: number, to: number): fc.Arbitrary<Buffer[]> {
  return fc
    .tuple(cutsFor(bytes.length, 8), fc.integer({ min: from, max: to }))
    .map(([cuts, spot]) => cutAt(bytes, [...cuts, spot]));
}

/** Runs `attack` under every budget shape: no piece of the secret shows, and some runs passed the redactor over. */
async function expectWithheld(
  attack: fc.Arbitrary<{ maxBytes: number; chunks: Buffer[] }>,
  pieces: readonly string[],
): Promise<void> {
  let passes = 0;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...BUDGETS), attack, async (budget, { maxBytes, chunks }) => {
      const { shown, passedOver } = await redactedRun(chunks, { ...budget, maxBytes });
      expect(leakedPieces(shown, pieces)).toEqual([]);
      if (passedOver) passes++;
    }),
    { numRuns: RUNS * 4 },
  );
  // The attack reached the pass: some runs had their redactor passed over.
  expect(passes).toBeGreaterThan(0);
}

describe('pipeline() with redact, the redactor passed over once the head is full', () => {
  it('should never show a token that straddles the head limit', async () => {
    // The token starts anywhere from 30 bytes before the limit to 50 after it.
    const attack = fc
      .tuple(fc.integer({ min: 370, max: 450 }), fc.integer({ min: 0, max: 30 }))
      .chain(([maxBytes, shift]) => {
        const bytes = Buffer.from(
          `${FILLER.repeat(17)}${'a'.repeat(shift)} token=${TOKEN}\n${FILLER.repeat(40)}`,
        );
        const at = bytes.indexOf(TOKEN);
        return chunkingsOf(bytes, at - 8, at + TOKEN.length).map((chunks) => ({ maxBytes, chunks }));
      });
    await expectWithheld(attack, TOKEN_PIECES);
  });

  it('should redact a token in the omitted middle that keepMatches keeps as an excerpt', async () => {
    const bytes = Buffer.from(
      `${FILLER.repeat(40)}error: auth failed for ${TOKEN}\n  at deploy.js:3\n${FILLER.repeat(40)}`,
    );
    const at = bytes.indexOf(TOKEN);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<PipelineOptions['keep']>('head', 'both', 'tail'),
        chunkingsOf(bytes, at - 8, at + TOKEN.length),
        async (keep, chunks) => {
          const { capture, shown, passedOver } = await redactedRun(chunks, {
            keep,
            maxBytes: 600,
            keepMatches: true,
          });
          expect(capture.excerpts.length).toBeGreaterThan(0);
          expect(capture.text).toContain('error: auth failed for [REDACTED:github-token]');
          expect(leakedPieces(shown, TOKEN_PIECES)).toEqual([]);
          // Excerpts come from what is omitted: the redactor saw all of it.
          expect(passedOver).toBe(false);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('should redact a token in the kept tail', async () => {
    // The token's line ends the stream or comes a few lines before its end.
    const attack = fc.integer({ min: 0, max: 5 }).chain((after) => {
      const bytes = Buffer.from(`${FILLER.repeat(60)}GITHUB_TOKEN=${TOKEN}\n${FILLER.repeat(after)}`);
      const at = bytes.indexOf(TOKEN);
      return chunkingsOf(bytes, at - 8, at + TOKEN.length);
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<PipelineOptions['keep']>('both', 'tail'),
        attack,
        async (keep, chunks) => {
          const { capture, shown } = await redactedRun(chunks, { keep, maxBytes: 500 });
          expect(capture.text).toContain('GITHUB_TOKEN=[REDACTED:github-token]');
          expect(leakedPieces(shown, TOKEN_PIECES)).toEqual([]);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it('should withhold a private key block that spans the head limit', async () => {
    // The block begins before the limit (400) and ends after it; what follows may fit a tail.
    const attack = fc
      .tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 12 }))
      .map(([into, after]) => {
        const bytes = Buffer.from(`${FILLER.repeat(17)}${KEY_BLOCK}${FILLER.repeat(after)}`);
        const begin = bytes.indexOf('-----BEGIN');
        return { maxBytes: 400, chunks: cutAt(bytes, [begin + into, 400 + into, bytes.length - into]) };
      });
    await expectWithheld(attack, KEY_PIECES);
  });

  it('should never show a token cut across chunks at the moment the head fills', async () => {
    const bytes = Buffer.from(`${FILLER.repeat(17)}key ${TOKEN} end\n${FILLER.repeat(30)}`);
    const at = bytes.indexOf(TOKEN);
    // One chunk ends where the head fills, the next inside the token.
    const attack = fc
      .tuple(
        fc.integer({ min: at - 20, max: at + TOKEN.length + 20 }),
        fc.integer({ min: at, max: at + TOKEN.length }),
      )
      .map(([maxBytes, inside]) => ({ maxBytes, chunks: cutAt(bytes, [maxBytes, inside]) }));
    await expectWithheld(attack, TOKEN_PIECES);
  });

  it('should redact live lines of the part that is only counted', async () => {
    const bytes = Buffer.from(`${FILLER.repeat(40)}GITHUB_TOKEN=${TOKEN}\n${FILLER.repeat(40)}`);
    const at = bytes.indexOf(TOKEN);
    await fc.assert(
      fc.asyncProperty(chunkingsOf(bytes, at - 8, at + TOKEN.length), async (chunks) => {
        const { shown, events } = await redactedRun(chunks, {
          keep: 'head',
          maxBytes: 300,
          live: true,
        });
        const lines = events.map((event) => (event.type === 'line' ? event.text : ''));
        expect(lines).toContain('GITHUB_TOKEN=[REDACTED:github-token]');
        expect(leakedPieces(shown, TOKEN_PIECES)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("should redact the marker's own words when the redactor is passed over", async () => {
    const secret = 'Kp3-Qw9-xY7-deploy';
    const bytes = Buffer.from(FILLER.repeat(40));
    await fc.assert(
      fc.asyncProperty(chunkingsOf(bytes, 300, 400), async (chunks) => {
        const { capture } = await redactedRun(chunks, {
          keep: 'head',
          maxBytes: 300,
          label: `out-${secret}`,
          redact: { env: { DEPLOY_TOKEN: secret } },
        });
        expect(capture.marker).toContain('[REDACTED:env:DEPLOY_TOKEN]');
        expect(capture.text).not.toContain(secret.slice(0, 8));
      }),
      { numRuns: RUNS },
    );
  });
});

/** Lines of output: filler, a token, a key block's lines, a repeat, a line with no end yet. */
const LINES = [
  FILLER,
  FILLER,
  `token=${TOKEN}\n`,
  KEY_BLOCK.slice(0, 100),
  KEY_BLOCK.slice(100),
  'x\n',
  'no end ',
];
const CLEAN_LINES = [FILLER, 'x\n', 'x\n', 'no end ', '日本語 line\n'];
const HEAD_BUDGETS: PipelineOptions[] = BUDGETS.filter((budget) => budget.keep === 'head');

/** The capture of `chunks` by a chain that passes over its redactor, and by one that never does. */
function bothCaptures(chunks: readonly Buffer[], options: PipelineOptions) {
  const capture = (checkpoints: boolean) => {
    const chain = new CaptureChain({ ...options, redact: true }, optionKeysOf('core'), NODE_CHAIN_TOOLS, {
      checkpoints,
    });
    for (const chunk of chunks) chain.write(chunk);
    return { capture: chain.finish(), inputBytes: chain.cores.redactor?.stats.inputBytes ?? 0 };
  };
  return { passed: capture(false), whole: capture(true) };
}

describe('CaptureChain passing over its redactor', () => {
  it('should show the text a redactor on every byte shows, whatever the secrets and the chunking', () => {
    const output = fc
      .array(fc.constantFrom(...LINES), { minLength: 10, maxLength: 60 })
      .map((lines) => Buffer.from(lines.join('')));
    fc.assert(
      fc.property(
        output.chain((bytes) => cutsFor(bytes.length, 10).map((cuts) => cutAt(bytes, cuts))),
        fc.constantFrom(...HEAD_BUDGETS),
        fc.integer({ min: 0, max: 600 }),
        (chunks, budget, maxBytes) => {
          const { passed, whole } = bothCaptures(chunks, { ...budget, maxBytes });
          const shown = (capture: Capture | typeof passed.capture) =>
            capture.markerIndex === null ? capture.text : capture.text.slice(0, capture.markerIndex);
          expect(shown(passed.capture)).toBe(shown(whole.capture));
          expect(passed.capture.keptBytes).toBe(whole.capture.keptBytes);
          expect(passed.capture.truncated).toBe(whole.capture.truncated);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should not call a capture truncated when its head ends exactly at a key block left open', () => {
    // Arrange: the redacted head is exactly the budget, its last bytes the marker of a block that never ends;
    // a redactor on every byte withholds the rest of the stream in that block, so nothing is left out.
    const head = 'no end x\nno end no end ';
    const maxBytes = Buffer.byteLength(`${head}[REDACTED:private-key]`);
    const begun = Buffer.from(`${head}-----BEGIN PRIVATE KEY-----\n`);
    const rest = Buffer.from(`${KEY_BODY.slice(0, 3).join('\n')}\n${FILLER}${FILLER}`);
    // Act
    const { passed, whole } = bothCaptures([begun, rest], { keep: 'head', maxBytes });
    // Assert
    expect(whole.capture.truncated).toBe(false);
    expect(passed.capture).toEqual(whole.capture);
  });

  it('should give the capture of a redactor on every byte, counts and marker included, for secret-free text', () => {
    let passes = 0;
    const output = fc
      .array(fc.constantFrom(...CLEAN_LINES), { minLength: 10, maxLength: 60 })
      .map((lines) => Buffer.from(lines.join('')));
    fc.assert(
      fc.property(
        output.chain((bytes) => cutsFor(bytes.length, 10).map((cuts) => cutAt(bytes, cuts))),
        fc.constantFrom(...HEAD_BUDGETS),
        fc.integer({ min: 0, max: 400 }),
        (chunks, budget, maxBytes) => {
          const { passed, whole } = bothCaptures(chunks, { ...budget, maxBytes });
          expect(passed.capture).toEqual(whole.capture);
          if (passed.inputBytes < whole.inputBytes) passes++;
        },
      ),
      { numRuns: propertyRuns(300) },
    );
    expect(passes).toBeGreaterThan(0);
  });
});

describe('CaptureChain with checkpoints', () => {
  const chainOf = (checkpoints: boolean) =>
    new CaptureChain({ redact: true, keep: 'head', maxBytes: 300 }, optionKeysOf('core'), NODE_CHAIN_TOOLS, {
      checkpoints,
    });

  it('should withhold a key block begun in one read’s omitted part from the next read’s head', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: KEY_BLOCK.length - 1 }), (cut) => {
        // Arrange: the block begins after the first read's head is full; the read comes in its middle.
        const bytes = Buffer.from(`${FILLER.repeat(20)}${KEY_BLOCK}${FILLER}`);
        const at = bytes.indexOf(KEY_BLOCK);
        const chain = chainOf(true);
        // Act
        chain.write(bytes.subarray(0, at));
        chain.write(bytes.subarray(at, at + cut));
        const first = chain.checkpoint();
        chain.write(bytes.subarray(at + cut));
        const second = chain.finish();
        // Assert
        const shown = [first.capture.text, first.unsettled, second.text];
        expect(leakedPieces(shown, KEY_PIECES)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('should refuse a checkpoint on a chain built without checkpoints: true', () => {
    const chain = chainOf(false);
    chain.write(Buffer.from(FILLER.repeat(20)));
    expect(() => chain.checkpoint()).toThrow(
      'checkpoint() needs a CaptureChain built with { checkpoints: true }',
    );
  });
});
