import { Action, State, TRANSITIONS } from './parser-table';

const MAX_PARAMS = 16;
const MAX_PARAM_VALUE = 65_535;
const BACKSLASH = 0x5c;
const ESC = 0x1b;
const LEFT_BRACKET = 0x5b;
/** The finals after ESC that begin a CSI or a string (DCS, SOS, OSC, PM, APC) rather than end a sequence. */
const STRING_INTRODUCERS = new Set([0x50, 0x58, 0x5b, 0x5d, 0x5e, 0x5f]);
/** `intermediate` when a sequence has more than one intermediate byte: no handler takes it. */
export const MANY_INTERMEDIATES = 0xff;

/** What {@link SequenceReader.read} stopped at. */
export const ReadEvent = {
  /** The bytes ran out inside a sequence or string: the reader goes on where it stopped with the next ones. */
  more: 0,
  /** A C0 control, in `final`, to apply (in the ground state or inside a sequence, which goes on after it). */
  execute: 1,
  /** An ESC sequence ended: `intermediate` and `final` say which. */
  esc: 2,
  /** A CSI sequence ended: `prefix`, `params`, `paramCount`, `intermediate` and `final` say which. */
  csi: 3,
  /** A sequence or string that has no effect ended (or was cancelled): back in the ground state. */
  done: 4,
  /** A byte ≥ 0x80 ended a 7-bit sequence: it is text, and the reader stopped before it. */
  text: 5,
} as const;

/**
 * Reads escape sequences with the VT500 transition table (Paul Williams' diagram, `parser-table.ts`): the
 * one sequence reader of the renderer, which both the renderer's input loop and the frame skipper use.
 * It stops at each event for the caller to apply, keeping its state across writes, and counts the
 * sequences it removes (a CSI, OSC, DCS, APC, PM or SOS, or a plain ESC one, applied or not; an ST does
 * not count, a sequence cut short by CAN, SUB or a byte ≥ 0x80 does).
 */
export class SequenceReader {
  state: number = State.ground;
  event: number = ReadEvent.more;
  readonly params = new Int32Array(MAX_PARAMS);
  paramCount = 0;
  /** A CSI's private marker byte, or 0. */
  prefix = 0;
  /** The intermediate byte, 0 for none, {@link MANY_INTERMEDIATES} for more than one. */
  intermediate = 0;
  final = 0;
  /** Sequences removed so far. */
  removed = 0;
  /** Whether the ESC being read ended a string: `ESC \` is then its terminator, not a sequence. */
  #afterString = false;

  /** Back to the ground state, as a fresh reader. */
  reset(): void {
    this.state = State.ground;
    this.removed = 0;
  }

  /** Whether the reader is inside a sequence (not a string) the input has not finished. */
  get inSequence(): boolean {
    return this.state !== State.ground && this.state !== State.oscString && this.state !== State.otherString;
  }

  /** Reads from `at` until an event (see {@link ReadEvent}); returns the index after the bytes it took. */
  read(bytes: Uint8Array, at: number): number {
    const end = bytes.length;
    // (`at + 1` within the bytes: a read past them would be a deoptimization the first time a write ends on ESC.)
    if (this.state === State.ground && bytes[at] === ESC && at + 1 < end) {
      const second = bytes[at + 1] as number;
      if (second === LEFT_BRACKET) {
        const next = this.#readPlainCsi(bytes, at + 2, end);
        if (next !== -1) return next;
      } else if (second >= 0x30 && second <= 0x7e && !STRING_INTRODUCERS.has(second)) {
        // A plain two-byte ESC sequence (ESC 7, ESC 8, ESC M, ESC c…), as the table would read it.
        this.prefix = 0;
        this.intermediate = 0;
        this.final = second;
        this.removed++;
        this.event = ReadEvent.esc;
        return at + 2;
      }
    }
    for (; at < end; at++) {
      const byte = bytes[at] as number;
      const entry = TRANSITIONS[(this.state << 8) | byte] as number;
      const next = entry & 15;
      switch (entry >> 4) {
        case Action.execute:
          this.state = next;
          this.final = byte;
          this.event = ReadEvent.execute;
          return at + 1;
        case Action.clear:
          this.#afterString = this.state === State.oscString || this.state === State.otherString;
          this.params[0] = 0;
          this.paramCount = 1;
          this.prefix = 0;
          this.intermediate = 0;
          break;
        case Action.param:
          this.#param(byte);
          break;
        case Action.collect:
          if (this.state === State.csiEntry && byte >= 0x3c) this.prefix = byte;
          else this.intermediate = this.intermediate === 0 ? byte : MANY_INTERMEDIATES;
          break;
        case Action.escDispatch:
          this.state = State.ground;
          this.final = byte;
          if (this.#afterString && byte === BACKSLASH && this.intermediate === 0) {
            this.event = ReadEvent.done;
            return at + 1;
          }
          this.removed++;
          this.event = ReadEvent.esc;
          return at + 1;
        case Action.csiDispatch:
          this.state = State.ground;
          this.final = byte;
          this.removed++;
          this.event = ReadEvent.csi;
          return at + 1;
        case Action.ignoreEnd:
          this.state = State.ground;
          this.removed++;
          this.event = ReadEvent.done;
          return at + 1;
        case Action.stringStart:
          this.removed++;
          break;
        case Action.cancel:
          if (this.inSequence) this.removed++;
          this.state = State.ground;
          this.event = ReadEvent.done;
          return at + 1;
        case Action.abortToText:
          this.state = State.ground;
          this.removed++;
          this.event = ReadEvent.text;
          return at;
      }
      this.state = next;
      if (next === State.ground) {
        this.event = ReadEvent.done;
        return at + 1;
      }
    }
    this.event = ReadEvent.more;
    return end;
  }

  /**
   * The common CSI (`ESC [`, digits and separators, a final byte) in one tight loop, as the table would read
   * it; -1 for anything else (a marker, an intermediate, a control, the write's end), which the table reads.
   */
  #readPlainCsi(bytes: Uint8Array, start: number, end: number): number {
    const next = this.#plainCsiEnd(bytes, start, end);
    if (next === -1) return -1;
    this.prefix = 0;
    this.intermediate = 0;
    this.final = bytes[next - 1] as number;
    this.removed++;
    this.event = ReadEvent.csi;
    return next;
  }

  /**
   * An SGR (`ESC [ … m`) whole at `at`, in the ground state: read and counted, its index after returned; -1
   * (nothing read) for anything else. Colours change nothing a renderer draws: the frame skipper reads
   * them inside text runs with this.
   */
  readColour(bytes: Uint8Array, at: number): number {
    const end = bytes.length;
    if (this.state !== State.ground || at + 1 >= end || bytes[at + 1] !== LEFT_BRACKET) return -1;
    // Its parameters do not matter: only where it ends, and that it is one.
    for (let next = at + 2; next < end; next++) {
      const byte = bytes[next] as number;
      // Digits and the separators `:` and `;`.
      if (byte >= 0x30 && byte <= 0x3b) continue;
      if (byte !== 0x6d) return -1;
      this.removed++;
      return next + 1;
    }
    return -1;
  }

  /** Parses the parameters of a plain CSI from `start` into `params`; the index after its final byte, or -1. */
  #plainCsiEnd(bytes: Uint8Array, start: number, end: number): number {
    const params = this.params;
    let count = 1;
    let value = 0;
    for (let at = start; at < end; at++) {
      const byte = bytes[at] as number;
      if (byte >= 0x30 && byte <= 0x39) {
        value = value * 10 + byte - 0x30;
        if (value > MAX_PARAM_VALUE) value = MAX_PARAM_VALUE;
      } else if (byte === 0x3b || byte === 0x3a) {
        // Past the last parameter a separator is ignored: its digits go on into the last one.
        if (count < MAX_PARAMS) {
          params[count - 1] = value;
          count++;
          value = 0;
        }
      } else if (byte >= 0x40 && byte <= 0x7e) {
        params[count - 1] = value;
        this.paramCount = count;
        return at + 1;
      } else {
        return -1;
      }
    }
    return -1;
  }

  #param(byte: number): void {
    if (byte >= 0x3a) {
      if (this.paramCount < MAX_PARAMS) this.params[this.paramCount++] = 0;
      return;
    }
    const index = this.paramCount - 1;
    this.params[index] = Math.min(MAX_PARAM_VALUE, (this.params[index] as number) * 10 + byte - 0x30);
  }
}
