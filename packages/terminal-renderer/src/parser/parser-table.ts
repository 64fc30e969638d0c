/**
 * The states of the escape-sequence parser, after Paul Williams' VT500 diagram
 * (https://vt100.net/emu/dec_ansi_parser). The DCS, OSC, SOS, PM and APC strings are removed whole, so
 * one state per terminator rule is enough: OSC also ends at BEL, the others only at ST (ESC \).
 */
export const State = {
  ground: 0,
  escape: 1,
  escapeIntermediate: 2,
  csiEntry: 3,
  csiParam: 4,
  csiIntermediate: 5,
  csiIgnore: 6,
  oscString: 7,
  otherString: 8,
} as const;

/** What the parser does with a byte as it takes a transition. */
export const Action = {
  none: 0,
  /** A C0 control inside or outside a sequence: applied as a terminal would (VT500 "execute"). */
  execute: 1,
  /** ESC: a new sequence begins, whatever was pending is abandoned. */
  clear: 2,
  /** A parameter digit, `;` or `:`. */
  param: 3,
  /** An intermediate byte (0x20–0x2F) or a CSI's private marker (`<`, `=`, `>`, `?`): kept to pick the handler. */
  collect: 4,
  escDispatch: 5,
  csiDispatch: 6,
  /** A sequence that is removed without effect ends (a CSI with bad bytes). */
  ignoreEnd: 7,
  /** A DCS, OSC, SOS, PM or APC string begins: it is removed whole. */
  stringStart: 8,
  /** CAN or SUB cancels a sequence or string. */
  cancel: 9,
  /** A byte ≥ 0x80 inside a 7-bit sequence: the sequence ends there and the byte is text. */
  abortToText: 10,
} as const;

const STATE_COUNT = 9;

/** `TRANSITIONS[state * 256 + byte]` holds `action << 4 | nextState`. */
export const TRANSITIONS = new Uint8Array(STATE_COUNT * 256);

/** One row of the transition data: in these states, bytes from..to do this and go there (`null`: stay). */
type Rule = [states: readonly number[], from: number, to: number, action: number, next: number | null];

const S = State;
const A = Action;
const SEQUENCE_STATES = [
  S.escape,
  S.escapeIntermediate,
  S.csiEntry,
  S.csiParam,
  S.csiIntermediate,
  S.csiIgnore,
];
const STRING_STATES = [S.oscString, S.otherString];
const ALL_STATES = [S.ground, ...SEQUENCE_STATES, ...STRING_STATES];

// Later rules override earlier ones, as in the diagram's "anywhere" transitions.
const RULES: readonly Rule[] = [
  [ALL_STATES, 0x00, 0x7f, A.none, null],
  [[S.ground, ...SEQUENCE_STATES], 0x00, 0x1f, A.execute, null],
  [SEQUENCE_STATES, 0x80, 0xff, A.abortToText, S.ground],
  [STRING_STATES, 0x80, 0xff, A.none, null],
  [[S.escape], 0x20, 0x2f, A.collect, S.escapeIntermediate],
  [[S.escape, S.escapeIntermediate], 0x30, 0x7e, A.escDispatch, S.ground],
  [[S.escapeIntermediate], 0x20, 0x2f, A.collect, null],
  [[S.escape], 0x5b, 0x5b, A.none, S.csiEntry],
  [[S.escape], 0x5d, 0x5d, A.stringStart, S.oscString],
  [[S.escape], 0x50, 0x50, A.stringStart, S.otherString],
  [[S.escape], 0x58, 0x58, A.stringStart, S.otherString],
  [[S.escape], 0x5e, 0x5f, A.stringStart, S.otherString],
  [[S.csiEntry, S.csiParam], 0x30, 0x3b, A.param, S.csiParam],
  [[S.csiEntry], 0x3c, 0x3f, A.collect, S.csiParam],
  [[S.csiParam], 0x3c, 0x3f, A.none, S.csiIgnore],
  [[S.csiEntry, S.csiParam, S.csiIntermediate], 0x20, 0x2f, A.collect, S.csiIntermediate],
  [[S.csiIntermediate], 0x30, 0x3f, A.none, S.csiIgnore],
  [[S.csiEntry, S.csiParam, S.csiIntermediate], 0x40, 0x7e, A.csiDispatch, S.ground],
  [[S.csiIgnore], 0x40, 0x7e, A.ignoreEnd, S.ground],
  [[S.oscString], 0x07, 0x07, A.none, S.ground],
  [[...SEQUENCE_STATES, ...STRING_STATES], 0x18, 0x18, A.cancel, S.ground],
  [[...SEQUENCE_STATES, ...STRING_STATES], 0x1a, 0x1a, A.cancel, S.ground],
  [ALL_STATES, 0x1b, 0x1b, A.clear, S.escape],
];

for (const [states, from, to, action, next] of RULES) {
  for (const state of states) {
    for (let byte = from; byte <= to; byte++)
      TRANSITIONS[state * 256 + byte] = (action << 4) | (next ?? state);
  }
}
