/**
 * How far a detector reads from its anchor (the rare byte or prefix it was found by): at most
 * `READ_BEHIND_BYTES` before it and `READ_AHEAD_BYTES` after it. A redaction found from an anchor starts at
 * most `START_BEHIND_BYTES` before it and `START_AHEAD_BYTES` after it; it then extends through its byte
 * class without bound. Because every decision is this local, a line scanned in windows finds exactly what
 * the whole line finds: the invariant behind "any chunking gives the same output".
 */
export const READ_BEHIND_BYTES = 80;
export const READ_AHEAD_BYTES = 160;
export const START_BEHIND_BYTES = 20;
export const START_AHEAD_BYTES = 96;
/**
 * A redaction found from a `=` or `:` starts at most this far after it: a URL's password after a user of
 * 48 bytes, a credential after an Authorization scheme of 24. Found from any other anchor, it starts at or
 * before its anchor (but for an AWS secret key, found after its access key: `AWS_SECRET_AHEAD_BYTES`), so the
 * scan skips the anchors inside a redaction, and these up to this far before its end.
 */
export const ASSIGNMENT_AHEAD_BYTES = 64;

/** Bytes of a line kept before a window, already emitted, for the detectors' reads behind. */
export const CONTEXT_BYTES = READ_BEHIND_BYTES + START_AHEAD_BYTES + 16;

/** A window commits redactions that start this far before its end, so that their reads ahead fit in it. */
export const WINDOW_GUARD_BYTES = READ_AHEAD_BYTES + START_BEHIND_BYTES;

/** The least `maxHoldBytes`: a window then still commits 76 bytes at each step. */
export const MIN_HOLD_BYTES = 256;
