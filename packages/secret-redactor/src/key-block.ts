import { bytesAt } from './byte-classes';
import { type Candidate, PRIORITY_STRUCTURE, pushCandidate, type ScanView } from './candidate';
import { READ_AHEAD_BYTES } from './scan-limits';

const DASHES = '-----';
const END_MARK = '-----END';
const END_MARK_BYTES = new TextEncoder().encode(END_MARK);
const LF = 0x0a;
const NO_BYTES = new Uint8Array(0);
/** Quotes, `)`, `,` and `;`: what follows a header written in code, never the body of a block. */
const CODE_AFTER_HEADER = new Set([0x22, 0x27, 0x60, 0x29, 0x2c, 0x3b]);

/**
 * At the `BEGIN` of `-----BEGIN <label>-----`: a private key block when the label names one (PKCS#1/#8,
 * EC, DSA, encrypted, OpenSSH, PGP). The block is withheld through its END line (see {@link KeyBlockEnd}).
 */
export function detectKeyBlock(view: ScanView, anchor: number, out: Candidate[]): void {
  const start = anchor - DASHES.length;
  if (!bytesAt(view.bytes, start, DASHES) || view.bytes[anchor + 5] !== 0x20) return;
  const limit = Math.min(view.bytes.length, anchor + READ_AHEAD_BYTES);
  // Searched within the detector's reach only: on a line of `-----BEGIN ` and no close, a search to the
  // line's end from each would be quadratic.
  const near = view.text.slice(anchor + 6, limit);
  const closeAt = near.indexOf(DASHES);
  if (closeAt === -1) return;
  const close = anchor + 6 + closeAt;
  const label = near.slice(0, closeAt);
  if (!label.includes('PRIVATE KEY') || label.includes('\n')) return;
  // `indexOf("-----BEGIN PRIVATE KEY-----")` in code names a block; a block's header line goes on with its body.
  if (CODE_AFTER_HEADER.has(view.bytes[close + DASHES.length] as number)) return;
  const kind = label.startsWith('OPENSSH')
    ? 'openssh-private-key'
    : label.startsWith('PGP')
      ? 'pgp-private-key'
      : 'private-key';
  pushCandidate(out, start, close + DASHES.length, kind, PRIORITY_STRUCTURE, null, true);
}

/**
 * Finds the end of a private key block as its bytes come, in constant memory: first `-----END` (which may
 * arrive split across writes: the last 7 bytes are carried), then the line feed that ends its line, which
 * stays outside the block.
 */
export class KeyBlockEnd {
  // Shared while empty (it is replaced, never written): a new empty array per block cost 1.8 % of dense text.
  #carry = NO_BYTES;
  #markFound = false;

  /** The index in `bytes` (at or after `from`) where the block ends, or -1 when all of them belong to it. */
  find(
    bytes: Uint8Array,
    from: number,
    indexOfSequence: (bytes: Uint8Array, needle: Uint8Array, from: number) => number,
  ): number {
    let at = from;
    if (!this.#markFound) {
      at = this.#findMark(bytes, from, indexOfSequence);
      if (at === -1) return -1;
      this.#markFound = true;
    }
    return bytes.indexOf(LF, at);
  }

  /** The index just after `-----END`, or -1. */
  #findMark(
    bytes: Uint8Array,
    from: number,
    indexOfSequence: (bytes: Uint8Array, needle: Uint8Array, from: number) => number,
  ): number {
    const carried = this.#carry.length;
    if (carried > 0) {
      const probe = new Uint8Array(carried + Math.min(END_MARK.length - 1, bytes.length - from));
      probe.set(this.#carry);
      probe.set(bytes.subarray(from, from + probe.length - carried), carried);
      for (let start = 0; start < carried; start++)
        if (bytesAt(probe, start, END_MARK)) return from + start + END_MARK.length - carried;
    }
    const found = indexOfSequence(bytes, END_MARK_BYTES, from);
    if (found !== -1) return found + END_MARK.length;
    const keep = END_MARK.length - 1;
    if (bytes.length - from >= keep) this.#carry = bytes.slice(bytes.length - keep);
    else {
      const joined = new Uint8Array(carried + bytes.length - from);
      joined.set(this.#carry);
      joined.set(bytes.subarray(from), carried);
      this.#carry = joined.slice(Math.max(0, joined.length - keep));
    }
    return -1;
  }
}
