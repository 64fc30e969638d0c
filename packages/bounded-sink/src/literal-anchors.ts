/** A literal searched through an anchor: where the anchor sits in it. */
interface AnchorMember {
  literal: Buffer;
  at: number;
}

/**
 * A short needle found with one `indexOf` pass that stands for every literal containing it; each hit
 * is checked against those literals in place.
 */
export interface LiteralAnchor {
  readonly needle: Buffer;
  readonly members: readonly AnchorMember[];
}

// Node's `indexOf` looks for a needle under 7 bytes with memchr on its first byte and verifies there
// (https://github.com/nodejs/node/blob/main/src/string_search.h): a rare first byte makes a pass cheap.
const MAX_ANCHOR_BYTES = 6;
const MIN_ANCHOR_BYTES = 3;
// Lowercase letters from the most to the least frequent in English text, which logs mostly are.
const LOWERCASE_BY_FREQUENCY = 'etaoinsrhdlucmfywgpbvkxqjz';
const COMMON_PUNCTUATION = '.,:;/-_=()[]\'"0123456789';

/** How rare a byte is: higher is rarer. */
export type Rarity = (byte: number) => number;

/** How rarely a byte is expected in a log: higher is rarer (uppercase, rare punctuation, non-ASCII). */
function expectedRarity(byte: number): number {
  if (byte >= 0x80) return 50;
  if (byte >= 0x41 && byte <= 0x5a) return 40;
  const letter = LOWERCASE_BY_FREQUENCY.indexOf(String.fromCharCode(byte));
  if (letter !== -1) return letter + 1;
  if (byte === 0x20 || byte === 0x09) return 0;
  return COMMON_PUNCTUATION.includes(String.fromCharCode(byte)) ? 5 : 30;
}

/**
 * Rarity measured on a sample of the stream (fewer occurrences is rarer), the expected rarity breaking
 * ties: the needles' first bytes decide how often a pass stops, and that depends on the text.
 */
export function rarityIn(sample: Buffer): Rarity {
  const counts = new Uint32Array(256);
  // A bounded sample, once in many megabytes: no native scan gives a histogram.
  for (const byte of sample) counts[byte] = (counts[byte] as number) + 1;
  return (byte) => expectedRarity(byte) - 100 * (counts[byte] as number);
}

/** The literal's best needle: up to 6 bytes starting at its rarest byte (the first of equals). */
function bestWindow(literal: Buffer, rarityOf: Rarity): { at: number; rarity: number } {
  let best = { at: 0, rarity: Number.NEGATIVE_INFINITY };
  // A needle found in other words (`or` in `worker`) returns to JavaScript at each: 3 bytes at least.
  for (let at = 0; at === 0 || at <= literal.length - MIN_ANCHOR_BYTES; at++) {
    const rarity = rarityOf(literal[at] as number);
    if (rarity > best.rarity) best = { at, rarity };
  }
  return best;
}

/** The literals less duplicates and those that contain another one (a line holding `FAILED` holds `FAIL`). */
export function dropSubsumed(literals: readonly Buffer[]): Buffer[] {
  const unique = literals.filter(
    (literal, index) => literals.findIndex((other) => other.equals(literal)) === index,
  );
  return unique.filter((literal) => !unique.some((other) => other !== literal && literal.includes(other)));
}

/** Plans the anchors of `literals` (none containing another): literals sharing a needle are found by one pass. */
export function planAnchors(literals: readonly Buffer[], rarityOf: Rarity = expectedRarity): LiteralAnchor[] {
  const windows = literals
    .map((literal) => ({ literal, ...bestWindow(literal, rarityOf) }))
    // Common needles first, so that a literal with a rarer one of its own joins a pass that runs anyway.
    .sort((a, b) => a.rarity - b.rarity);
  const groups: { needle: Buffer; literals: Buffer[] }[] = [];
  for (const { literal, at } of windows) {
    const shared = groups.find((group) => literal.includes(group.needle));
    if (shared) shared.literals.push(literal);
    else groups.push({ needle: literal.subarray(at, at + MAX_ANCHOR_BYTES), literals: [literal] });
  }
  return mergeAnchors(
    groups.map((group) => group.literals),
    rarityOf,
  );
}

/** Merges two groups into one pass when they share a needle starting with a byte as rare as either's own. */
function mergeAnchors(groups: Buffer[][], rarityOf: Rarity): LiteralAnchor[] {
  const needles = groups.map((group) => sharedNeedle(group, Number.NEGATIVE_INFINITY, rarityOf) as Buffer);
  for (let merged = true; merged; ) {
    merged = false;
    for (let a = 0; a < groups.length && !merged; a++) {
      for (let b = a + 1; b < groups.length && !merged; b++) {
        const floor = Math.max(rarityOf(needles[a]?.[0] as number), rarityOf(needles[b]?.[0] as number));
        const both = [...(groups[a] as Buffer[]), ...(groups[b] as Buffer[])];
        const needle = sharedNeedle(both, floor, rarityOf);
        if (!needle) continue;
        groups.splice(b, 1);
        needles.splice(b, 1);
        groups[a] = both;
        needles[a] = needle;
        merged = true;
      }
    }
  }
  return groups.map((group, index) => {
    const needle = needles[index] as Buffer;
    const members = group.map((literal) => ({ literal, at: literal.indexOf(needle) }));
    return { needle, members };
  });
}

/**
 * The needle all `literals` hold, starting with the rarest byte and then the longest (up to 6 bytes,
 * at least 3 unless a literal is shorter), or `null` when none starts with a byte at least `floor` rare.
 */
function sharedNeedle(literals: readonly Buffer[], floor: number, rarityOf: Rarity): Buffer | null {
  const [first] = literals as [Buffer];
  const shortest = Math.min(...literals.map((literal) => literal.length));
  let best: { needle: Buffer; rarity: number } | null = null;
  for (let at = 0; at < first.length; at++) {
    const rarity = rarityOf(first[at] as number);
    if (rarity < floor || (best && rarity < best.rarity)) continue;
    for (
      let length = Math.min(MAX_ANCHOR_BYTES, first.length - at);
      length >= Math.min(MIN_ANCHOR_BYTES, shortest);
      length--
    ) {
      const needle = first.subarray(at, at + length);
      if (!literals.every((literal) => literal.includes(needle))) continue;
      if (!best || rarity > best.rarity || needle.length > best.needle.length) best = { needle, rarity };
      break;
    }
  }
  return best?.needle ?? null;
}

/**
 * The start of an occurrence of one of the anchor's literals lying wholly in `piece[from, piece.length)`
 * and found at the first needle hit that verifies, or -1. A literal holding the needle further in may
 * start a little earlier, but in the same line (literals hold no line feed): the line is what counts.
 */
export function findAnchored(piece: Buffer, anchor: LiteralAnchor, from: number): number {
  for (
    let hit = piece.indexOf(anchor.needle, from);
    hit !== -1;
    hit = piece.indexOf(anchor.needle, hit + 1)
  ) {
    const start = earliestAt(piece, anchor, hit, from);
    if (start !== -1) return start;
  }
  return -1;
}

/** The earliest start, not before `from`, of a member found at this needle hit, or -1. */
function earliestAt(piece: Buffer, anchor: LiteralAnchor, hit: number, from: number): number {
  let first = -1;
  for (const { literal, at } of anchor.members) {
    const start = hit - at;
    if (start >= from && (first === -1 || start < first) && holdsAt(piece, literal, start)) first = start;
  }
  return first;
}

function holdsAt(piece: Buffer, literal: Buffer, start: number): boolean {
  if (start + literal.length > piece.length) return false;
  for (let index = 0; index < literal.length; index++)
    if (piece[start + index] !== literal[index]) return false;
  return true;
}
