import {
  type BoundedSinkOptions,
  type CutAt,
  DEFAULT_MAX_BYTES,
  type KeepMatches,
  type KeepMode,
} from '@pipeguard/bounded-sink/core';
import {
  validateBoolean,
  validateInteger,
  validateOneOf,
  validateOptionsObject,
  validateString,
} from '@pipeguard/shared/core';
import { AGENT_PROFILE, PIPELINE_PROFILES, type PipelineProfile } from './agent-profile';
import { type RedactOptions, resolveRedactOption } from './redact-option';

/** How the bytes that pass the guard become the text the budget is spent on. */
export type RenderMode = 'terminal' | 'raw';

/** Every {@link RenderMode}, in the order options list them. */
export const RENDER_MODES: readonly RenderMode[] = Object.freeze(['terminal', 'raw'] as const);

/** The sink's options for keeping matching lines and cutting at line ends, as the sink documents them. */
type SinkMatchOptions = Pick<
  BoundedSinkOptions,
  'keepMatches' | 'context' | 'contextBefore' | 'matchShare' | 'maxMatchLineBytes' | 'cutAt'
>;

/**
 * The preset's options that need no runtime (all of `pipeline()`'s but `live`): every stage's option, by
 * the name the stage gives it. `spill` and `spillMaxBytes` need a file system: only Node's shell takes them.
 */
export interface PresetOptions extends SinkMatchOptions {
  /** Names the stream in markers and placeholders. @defaultValue `'stdout'` */
  label?: string;
  /** Most bytes kept; `null` keeps everything. @defaultValue `1048576` */
  maxBytes?: number | null;
  /** Which part of an over-long stream is kept. @defaultValue `'head'` */
  keep?: KeepMode;
  /**
   * Encoding(s) for lines that are not UTF-8 (iconv-lite names), `'auto'` for the host's legacy
   * codepage, or `null` for none. @defaultValue `null`
   */
  fallback?: string | string[] | null;
  /** Withhold binary output behind a placeholder. @defaultValue `true` */
  binaryGuard?: boolean;
  /** The command shown in the binary placeholder's redirect hint. @defaultValue `'COMMAND'` (`run()` fills in its own command) */
  command?: string;
  /** Bytes the binary guard classifies at a time. @defaultValue `65536` */
  windowBytes?: number;
  /** Byte cap of one line unit without a terminator. @defaultValue `32768` */
  maxUnitBytes?: number;
  /** Byte cap of each line, with an exact marker for the rest; `null` clips nothing. @defaultValue `null` */
  maxLineBytes?: number | null;
  /**
   * A directory to also write the full raw stream to (a new file, mode 0600), so the marker can name
   * where the omitted bytes are; `null` writes nothing. @defaultValue `null`
   */
  spill?: string | null;
  /** Most bytes written to the spill file; `null` for no bound. @defaultValue `67108864` (64 MiB) */
  spillMaxBytes?: number | null;
  /**
   * `'terminal'` renders the stream as a terminal would show it once drawn (carriage-return and
   * cursor redraws applied, colours and other escape sequences removed) before the byte budget is
   * spent; the spill file still gets the raw bytes. `'raw'` keeps the bytes as written.
   * @defaultValue `'raw'`
   */
  render?: RenderMode;
  /** Lines a cursor-up redraw can reach when rendering (the renderer's `maxLiveLines`). @defaultValue `64` (lines) */
  maxLiveLines?: number;
  /**
   * The terminal's width when rendering (the renderer's `cols`): rows wrap at it as the terminal's did, and
   * the rows of a wrapped line come out as one line; `null`: no right margin (a pipe). `run()` under a
   * pseudo-terminal sets it, and `maxLiveLines`, to the terminal's size. @defaultValue `null`
   */
  cols?: number | null;
  /** Fold a run of identical consecutive lines into the line and `[previous line repeated N more times]`. @defaultValue `false` */
  foldRepeats?: boolean;
  /**
   * Replace each secret (token formats, private keys, URL passwords, credentials in headers, values of
   * secret-named keys, the values of `env`) with `[REDACTED:<kind>]` after decoding and rendering and
   * before folding and the budget, so the budget counts redacted text; `true` for the defaults, an
   * object for the redactor's options. `run()` and `capture()` add the command's environment to `env`.
   * `profile: 'agent'` turns it on. @defaultValue `false`
   */
  redact?: boolean | RedactOptions;
  /**
   * A set of defaults for a kind of reader: `'agent'` is {@link AGENT_PROFILE}; an option given
   * explicitly wins over the profile's. `null` for none. @defaultValue `null`
   */
  profile?: PipelineProfile | null;
}

// A record, so that the compiler checks that the list names every option and nothing else.
const PRESET_OPTIONS: Record<keyof PresetOptions, true> = {
  label: true,
  maxBytes: true,
  keep: true,
  fallback: true,
  binaryGuard: true,
  command: true,
  windowBytes: true,
  maxUnitBytes: true,
  maxLineBytes: true,
  spill: true,
  spillMaxBytes: true,
  render: true,
  maxLiveLines: true,
  cols: true,
  foldRepeats: true,
  redact: true,
  keepMatches: true,
  context: true,
  contextBefore: true,
  matchShare: true,
  maxMatchLineBytes: true,
  cutAt: true,
  profile: true,
};

/** The keys of {@link PresetOptions}. */
export const PRESET_OPTION_KEYS = Object.keys(PRESET_OPTIONS) as readonly (keyof PresetOptions)[];

/** Options with every default filled in (the caller's object is never changed). */
export interface ResolvedPresetOptions {
  label: string;
  maxBytes: number | null;
  keep: KeepMode;
  fallback: string | string[] | null;
  binaryGuard: boolean;
  command: string | undefined;
  windowBytes: number;
  maxUnitBytes: number;
  maxLineBytes: number | null;
  spill: string | null;
  spillMaxBytes: number | null;
  render: RenderMode;
  maxLiveLines: number | undefined;
  cols: number | null;
  foldRepeats: boolean;
  /** The redactor's options, or `null` when not redacting. */
  redact: RedactOptions | null;
  /** The sink's matching options, passed as given (the sink validates them). */
  matching: {
    keepMatches: KeepMatches;
    context: number | undefined;
    contextBefore: number | undefined;
    matchShare: number | undefined;
    maxMatchLineBytes: number | undefined;
  };
  cutAt: CutAt;
}

const NO_PROFILE = {
  render: 'raw',
  foldRepeats: false,
  redact: false,
  keepMatches: false,
  keep: 'head',
  cutAt: 'byte',
  maxBytes: DEFAULT_MAX_BYTES,
} as const;

/**
 * Validates the options the preset itself uses and fills in defaults; each stage validates its own.
 * `knownKeys` are the keys the shell takes (any other is a TypeError); `resolveFallback` turns the
 * caller's `fallback` into the setting the decoder gets (Node's shell resolves `'auto'` there).
 * @throws TypeError for an unknown key, naming the nearest known one, or an option of the wrong type.
 * @throws RangeError for an unknown `profile` or `render`, or `maxLiveLines` or `cols` below 1.
 */
export function resolvePresetOptions(
  options: PresetOptions | undefined,
  knownKeys: readonly string[],
  resolveFallback: (fallback: string | string[] | null) => string | string[] | null = (fallback) => fallback,
): ResolvedPresetOptions {
  validateOptionsObject(options, knownKeys);
  const profile = options?.profile ?? null;
  if (profile !== null) validateOneOf('profile', profile, PIPELINE_PROFILES);
  // A profile only changes defaults: an option the caller gave is taken as given.
  const base = profile === 'agent' ? AGENT_PROFILE : NO_PROFILE;
  const {
    label = 'stdout',
    maxBytes = base.maxBytes,
    keep = base.keep,
    fallback: requestedFallback = null,
    binaryGuard = true,
    command,
    windowBytes = 64 * 1024,
    maxUnitBytes = 32 * 1024,
    maxLineBytes = null,
    spill = null,
    spillMaxBytes = 64 * 1024 * 1024,
    render = base.render,
    maxLiveLines,
    cols = null,
    foldRepeats = base.foldRepeats,
    redact: requestedRedact,
    keepMatches = base.keepMatches,
    context,
    contextBefore,
    matchShare,
    maxMatchLineBytes,
    cutAt = base.cutAt,
  } = options ?? {};
  const fallback = resolveFallback(requestedFallback) ?? null;
  // label, maxBytes and keep are the sink's and the guard's own: they validate them when built.
  validateBoolean('binaryGuard', binaryGuard);
  if (spill !== null) validateString('spill', spill);
  validateInteger('spillMaxBytes', spillMaxBytes, { nullable: true });
  validateOneOf('render', render, RENDER_MODES);
  // Checked even when not rendering: a misspelt setting must not wait for the day it is used.
  if (maxLiveLines !== undefined) validateInteger('maxLiveLines', maxLiveLines, { minimum: 1 });
  validateInteger('cols', cols, { minimum: 1, nullable: true });
  validateBoolean('foldRepeats', foldRepeats);
  const redact = resolveRedactOption(requestedRedact, base.redact);
  return {
    label,
    maxBytes,
    keep,
    fallback,
    binaryGuard,
    command,
    windowBytes,
    maxUnitBytes,
    maxLineBytes,
    spill,
    spillMaxBytes,
    render,
    maxLiveLines,
    cols,
    foldRepeats,
    redact,
    matching: { keepMatches, context, contextBefore, matchShare, maxMatchLineBytes },
    cutAt,
  };
}
