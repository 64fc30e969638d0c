import { type ByteOps, portableByteOps } from '@pipeguard/shared/core';

/** A literal searched through an anchor: where the anchor sits in it. */
interface AnchorMember {
  literal: Uint8Array;
  at: number;
}

/**
 * A short needle found with one `indexOf` pass that stands for every literal containing it; each hit
 * is checked against those literals in place.
 */
export interface LiteralAnchor {
  readonly needle: Uint8Array;
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
export function rarityIn(sample: Uint8Array): Rarity {
  const counts = countBytes(sample);
  return (byte) => expectedRarity(byte) - 100 * (counts[byte] as number);
}

/** Whether a byte is absent from a sample of the stream: a pass for it alone stops almost nowhere. */
export function absentIn(sample: Uint8Array): (byte: number) => boolean {
  const counts = countBytes(sample);
  return (byte) => counts[byte] === 0;
}

function countBytes(sample: Uint8Array): Uint32Array {
  const counts = new Uint32Array(256);
  // A bounded sample, once in many megabytes: no native scan gives a histogram.
  for (const byte of sample) counts[byte] = (counts[byte] as number) + 1;
  return counts;
}

/** The literal's best needle: up to 6 bytes starting at its rarest byte (the first of equals). */
function bestWindow(literal: Uint8Array, rarityOf: Rarity): { at: number; rarity: number } {
  let best = { at: 0, rarity: Number.NEGATIVE_INFINITY };
  // A needle found in other words (`or` in `worker`) returns to JavaScript at each: 3 bytes at least.
  for (let at = 0; at === 0 || at <= literal.length - MIN_ANCHOR_BYTES; at++) {
    const rarity = rarityOf(literal[at] as number);
    if (rarity > best.rarity) best = { at, rarity };
  }
  return best;
}

/** Whether `bytes` holds `needle` (planning works on a few short literals: the portable scan serves). */
function holds(bytes: Uint8Array, needle: Uint8Array): boolean {
  return needle.length === 0 || portableByteOps.indexOfSequence(bytes, needle, 0) !== -1;
}

/** The literals less duplicates and those that contain another one (a line holding `FAILED` holds `FAIL`). */
export function dropSubsumed(literals: readonly Uint8Array[]): Uint8Array[] {
  const unique = literals.filter(
    (literal, index) => literals.findIndex((other) => portableByteOps.equals(other, literal)) === index,
  );
  return unique.filter((literal) => !unique.some((other) => other !== literal && holds(literal, other)));
}

/**
 * Plans the anchors of `literals` (none containing another): literals sharing a needle are found by one pass.
 * Literals holding a byte `absent` from the text share a one-byte needle first, the byte that serves the
 * most of them: one pass that stops almost nowhere for several literals, instead of a pass each.
 */
export function planAnchors(
  literals: readonly Uint8Array[],
  rarityOf: Rarity = expectedRarity,
  absent: (byte: number) => boolean = () => false,
): LiteralAnchor[] {
  const { shared, rest } = shareAbsentBytes(literals, absent);
  if (rest.length === 0) return shared;
  const windows = rest
    .map((literal) => ({ literal, ...bestWindow(literal, rarityOf) }))
    // Common needles first, so that a literal with a rarer one of its own joins a pass that runs anyway.
    .sort((a, b) => a.rarity - b.rarity);
  const groups: { needle: Uint8Array; literals: Uint8Array[] }[] = [];
  for (const { literal, at } of windows) {
    const shared = groups.find((group) => holds(literal, group.needle));
    if (shared) shared.literals.push(literal);
    else groups.push({ needle: literal.subarray(at, at + MAX_ANCHOR_BYTES), literals: [literal] });
  }
  return [
    ...shared,
    ...mergeAnchors(
      groups.map((group) => group.literals),
      rarityOf,
    ),
  ];
}

/**
 * One-byte anchors, each the absent byte held by the most literals still without one (two at least: a
 * literal alone keeps a longer needle, which verifies less); every place of the byte in a member is a
 * place it is checked from. The literals left over are planned as usual.
 */
function shareAbsentBytes(
  literals: readonly Uint8Array[],
  absent: (byte: number) => boolean,
): { shared: LiteralAnchor[]; rest: Uint8Array[] } {
  const shared: LiteralAnchor[] = [];
  let rest = [...literals];
  for (;;) {
    const holders = new Map<number, Uint8Array[]>();
    for (const literal of rest)
      for (const byte of new Set(literal))
        if (absent(byte)) holders.set(byte, [...(holders.get(byte) ?? []), literal]);
    let best: [number, Uint8Array[]] | null = null;
    for (const entry of holders) if (best === null || entry[1].length > best[1].length) best = entry;
    if (best === null || best[1].length < 2) return { shared, rest };
    const [byte, members] = best;
    shared.push({
      needle: Uint8Array.of(byte),
      members: members.flatMap((literal) =>
        [...literal.keys()].filter((at) => literal[at] === byte).map((at) => ({ literal, at })),
      ),
    });
    rest = rest.filter((literal) => !members.includes(literal));
  }
}

/** Merges two groups into one pass when they share a needle starting with a byte as rare as either's own. */
function mergeAnchors(groups: Uint8Array[][], rarityOf: Rarity): LiteralAnchor[] {
  const needles = groups.map(
    (group) => sharedNeedle(group, Number.NEGATIVE_INFINITY, rarityOf) as Uint8Array,
  );
  for (let merged = true; merged; ) {
    merged = false;
    for (let a = 0; a < groups.length && !merged; a++) {
      for (let b = a + 1; b < groups.length && !merged; b++) {
        const floor = Math.max(rarityOf(needles[a]?.[0] as number), rarityOf(needles[b]?.[0] as number));
        const both = [...(groups[a] as Uint8Array[]), ...(groups[b] as Uint8Array[])];
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
    const needle = needles[index] as Uint8Array;
    const members = group.map((literal) => ({
      literal,
      at: portableByteOps.indexOfSequence(literal, needle, 0),
    }));
    return { needle, members };
  });
}

/**
 * The needle all `literals` hold, starting with the rarest byte and then the longest (up to 6 bytes,
 * at least 3 unless a literal is shorter), or `null` when none starts with a byte at least `floor` rare.
 */
function sharedNeedle(literals: readonly Uint8Array[], floor: number, rarityOf: Rarity): Uint8Array | null {
  const [first] = literals as [Uint8Array];
  const shortest = Math.min(...literals.map((literal) => literal.length));
  let best: { needle: Uint8Array; rarity: number } | null = null;
  for (let at = 0; at < first.length; at++) {
    const rarity = rarityOf(first[at] as number);
    if (rarity < floor || (best && rarity < best.rarity)) continue;
    for (
      let length = Math.min(MAX_ANCHOR_BYTES, first.length - at);
      length >= Math.min(MIN_ANCHOR_BYTES, shortest);
      length--
    ) {
      const needle = first.subarray(at, at + length);
      if (!literals.every((literal) => holds(literal, needle))) continue;
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
export function findAnchored(
  piece: Uint8Array,
  anchor: LiteralAnchor,
  from: number,
  ops: ByteOps = portableByteOps,
): number {
  for (
    let hit = ops.indexOfSequence(piece, anchor.needle, from);
    hit !== -1;
    hit = ops.indexOfSequence(piece, anchor.needle, hit + 1)
  ) {
    const start = earliestAt(piece, anchor, hit, from);
    if (start !== -1) return start;
  }
  return -1;
}

/** The earliest start, not before `from`, of a member found at this needle hit, or -1. */
function earliestAt(piece: Uint8Array, anchor: LiteralAnchor, hit: number, from: number): number {
  let first = -1;
  for (const { literal, at } of anchor.members) {
    const start = hit - at;
    if (start >= from && (first === -1 || start < first) && holdsAt(piece, literal, start)) first = start;
  }
  return first;
}

function holdsAt(piece: Uint8Array, literal: Uint8Array, start: number): boolean {
  if (start + literal.length > piece.length) return false;
  for (let index = 0; index < literal.length; index++)
    if (piece[start + index] !== literal[index]) return false;
  return true;
}
