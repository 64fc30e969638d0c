/** Which part of an over-long stream a `BoundedSink` keeps. */
export type KeepMode = 'head' | 'tail' | 'both';

/** Every {@link KeepMode}, in the order options list them. */
export const KEEP_MODES: readonly KeepMode[] = Object.freeze(['head', 'tail', 'both'] as const);

/** The byte limit a `BoundedSink` (and the preset, and the CLI) keeps when none is given: 1 MiB. */
export const DEFAULT_MAX_BYTES = 1024 * 1024;
