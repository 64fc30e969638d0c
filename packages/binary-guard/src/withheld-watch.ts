import {
  type ByteOps,
  concatBytes,
  copyBytes,
  findControlByte,
  isControlByte,
  sharesMemory,
  skipUtf8Continuation,
} from '@pipeguard/shared/core';
import { endsCleanText, findCleanTailStart, isUtf8Inside } from './clean-text';
import { opensEscapeSequence } from './control-share';

const ESC = 0x1b;
const EMPTY = new Uint8Array(0);

/** How a withheld run is watched. */
export interface WatchSettings {
  windowBytes: number;
  /** The stream passed as a legacy codepage: a clean window need not be strict UTF-8. */
  legacy: boolean;
  /** Whether text may resume at all (a UTF-16 stream stays withheld: its windows would need aligning). */
  watching: boolean;
  ops: ByteOps;
  /** Called with the bytes of each window that is withheld for good, in order. */
  settle: (bytes: number) => void;
}

/** How a withheld run ends: its length, and the text that passes after it (maybe none). */
export interface RunEnd {
  runBytes: number;
  text: Uint8Array;
}

function isPrintableAscii(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x20 && byte <= 0x7e;
}

/**
 * Index of the last byte of `piece` that is a control byte for certain (an ESC followed by printable ASCII
 * opens a sequence; an ESC that ends the piece waits for the next byte), else -1.
 */
function findLastDirtyByte(piece: Uint8Array): number {
  for (let at = piece.length - 1; at >= 0; at--) {
    const byte = piece[at] as number;
    if (!isControlByte(byte)) continue;
    if (byte !== ESC) return at;
    if (at < piece.length - 1 && !isPrintableAscii(piece[at + 1])) return at;
  }
  return -1;
}

/**
 * A withheld run, looked at a window at a time from where it starts: the first clean window (no control
 * byte and, unless legacy, strict UTF-8) ends it, and text resumes from the clean tail of the window before.
 * Windows sit at fixed offsets, so any chunking gives the same verdicts.
 *
 * It holds only what a verdict can still need, as copies once a write returns: all of a window while it is
 * clean so far, else the bytes after its last control byte (a clean tail can only start there); of the
 * last window withheld, those bytes alone. A binary run thus holds a few bytes, however it is chunked.
 */
export class WithheldWatch {
  readonly #settings: WatchSettings;
  /** Bytes of the run withheld for good: every window before the last one looked at. */
  #settled = 0;
  /** Bytes of the last window looked at, which was not clean (0 before the first). */
  #previousBytes = 0;
  /** The bytes after that window's last control byte: where its clean tail can come from. */
  #previousTail: Uint8Array = EMPTY;
  #filled = 0;
  #dirty = false;
  /** The window so far ends with an ESC, which the next byte decides. */
  #escapeOpen = false;
  #kept: Uint8Array[] = [];
  /** Whether `#kept` starts at the window's first byte (else right after a control byte of it). */
  #keptFromStart = true;
  /** Kept pieces before this index are copies of their own; later ones came with the write under way. */
  #owned = 0;

  constructor(settings: WatchSettings) {
    this.#settings = settings;
  }

  /** Bytes of the run withheld for good so far. */
  get settledBytes(): number {
    return this.#settled;
  }

  /** Bytes of the run not yet withheld for good: the last window looked at and the window being filled. */
  get heldBytes(): number {
    return this.#previousBytes + this.#filled;
  }

  /** Bytes of the last window looked at that was not clean. */
  get previousBytes(): number {
    return this.#previousBytes;
  }

  /**
   * Looks at the run's next bytes. A clean window ends the run: returns its end, whose text (the clean
   * tail before the window, the window and the rest of `bytes`) is a join of its own; else `null`.
   */
  consume(bytes: Uint8Array): RunEnd | null {
    const { windowBytes, watching, legacy, ops } = this.#settings;
    let at = 0;
    while (at < bytes.length) {
      const take = Math.min(bytes.length - at, windowBytes - this.#filled);
      const piece = bytes.subarray(at, at + take);
      at += take;
      this.#filled += take;
      const complete = this.#filled === windowBytes;
      if (watching) this.#look(piece, complete);
      if (!complete) break;
      if (watching && !this.#dirty && (legacy || isUtf8Inside(this.#kept, ops))) {
        const tail = this.#previousTailBefore(this.#kept[0] as Uint8Array);
        const text = concatBytes(ops, [tail, ...this.#kept, bytes.subarray(at)]);
        return { runBytes: this.#settled + this.#previousBytes - tail.length, text };
      }
      this.#retire();
    }
    return null;
  }

  /** Ends the run at the end of the input: the clean text that ends it passes if it ends a line or is long. */
  finish(): RunEnd {
    const { watching, legacy, ops } = this.#settings;
    const runBytes = this.#settled + this.#previousBytes + this.#filled;
    if (!watching) return { runBytes, text: EMPTY };
    // Read with the last window looked at, which may end inside a character the rest finishes; a
    // control byte in the rest cuts that window off.
    const joined = concatBytes(ops, this.#keptFromStart ? [this.#previousTail, ...this.#kept] : this.#kept);
    const tail = joined.subarray(findCleanTailStart(joined, legacy, false, ops));
    return endsCleanText(tail, legacy)
      ? { runBytes: runBytes - tail.length, text: tail }
      : { runBytes, text: EMPTY };
  }

  /** Copies what it holds of `chunk`: the writer may reuse it once the write returns. */
  own(chunk: Uint8Array): void {
    const kept = this.#kept;
    for (let index = this.#owned; index < kept.length; index++) {
      const piece = kept[index] as Uint8Array;
      if (sharesMemory(piece, chunk)) kept[index] = copyBytes(this.#settings.ops, piece);
    }
    this.#owned = kept.length;
  }

  /** Updates the window's verdict so far with its next `piece`, and what of it is kept. */
  #look(piece: Uint8Array, complete: boolean): void {
    if (!this.#dirty) {
      // An ESC that ended the previous piece is a control byte unless this one's first byte is printable.
      if (this.#escapeOpen && !isPrintableAscii(piece[0])) this.#dirty = true;
      this.#escapeOpen = false;
      const at = this.#dirty ? piece.length : findControlByte(piece, 0, piece.length, opensEscapeSequence);
      // One that ends the window is a control byte: no later byte can make it a sequence.
      if (at === piece.length - 1 && piece[at] === ESC && !complete) this.#escapeOpen = true;
      else if (at < piece.length) this.#dirty = true;
    }
    if (!this.#dirty) {
      this.#kept.push(piece);
      return;
    }
    const last = findLastDirtyByte(piece);
    if (last === -1) this.#kept.push(piece);
    else {
      this.#kept = [piece.subarray(last + 1)];
      this.#keptFromStart = false;
      this.#owned = 0;
    }
  }

  /** The window just filled is not clean: the one before it is withheld for good, and this one is looked back on. */
  #retire(): void {
    const { ops, watching } = this.#settings;
    this.#settings.settle(this.#previousBytes);
    this.#settled += this.#previousBytes;
    this.#previousBytes = this.#filled;
    this.#previousTail = watching ? concatBytes(ops, this.#kept) : EMPTY;
    this.#filled = 0;
    this.#dirty = false;
    this.#escapeOpen = false;
    this.#kept = [];
    this.#keptFromStart = true;
    this.#owned = 0;
  }

  /**
   * Clean text that ends the last window looked at, or nothing. The continuation bytes that open `next`
   * finish a character the window's edge may cut, so they are read with it.
   */
  #previousTailBefore(next: Uint8Array): Uint8Array {
    const { legacy, ops } = this.#settings;
    const tail = this.#previousTail;
    if (this.#previousBytes === 0) return EMPTY;
    const bytes = concatBytes(ops, [tail, next.subarray(0, skipUtf8Continuation(next, 0))]);
    // `next` may hold only part of what finishes the window's last character: the rest comes later.
    const start = findCleanTailStart(bytes, legacy, true, ops);
    return start < tail.length ? bytes.subarray(start, tail.length) : EMPTY;
  }
}
