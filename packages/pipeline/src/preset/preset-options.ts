import type { BoundedSinkOptions, CutAt, KeepMatches, KeepMode } from '@pipeguard/bounded-sink/core';
import { validateOptionsObject } from '@pipeguard/shared/core';
import { AGENT_PROFILE, type PipelineProfile } from './agent-profile';
import { type OptionRow, optionKeysOf, optionRow, type RenderMode, readOptionValue } from './option-table';
import { type RedactOptions, resolveRedactOption } from './redact-option';

export { RENDER_MODES, type RenderMode } from './option-table';

/** A byte count, or text with a unit as every surface takes it: `65536`, `'64KiB'`, `'1MiB'`. */
export type ByteSize = number | string;

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
  maxBytes?: ByteSize | null;
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
  guardWindowBytes?: ByteSize;
  /** Byte cap of one line unit without a terminator. @defaultValue `32768` */
  maxUnitBytes?: ByteSize;
  /** Byte cap of each line, with an exact marker for the rest; `null` clips nothing. @defaultValue `null` */
  maxLineBytes?: ByteSize | null;
  /**
   * A directory to also write the full raw stream to (a new file, mode 0600), so the marker can name
   * where the omitted bytes are; `null` writes nothing. @defaultValue `null`
   */
  spill?: string | null;
  /** Most bytes written to the spill file; `null` for no bound. @defaultValue `67108864` (64 MiB) */
  spillMaxBytes?: ByteSize | null;
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

/** Options with every default filled in (the caller's object is never changed). */
export interface ResolvedPresetOptions {
  label: string;
  maxBytes: number | null;
  keep: KeepMode;
  fallback: string | string[] | null;
  binaryGuard: boolean;
  command: string | undefined;
  guardWindowBytes: number;
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

/**
 * Validates the options the preset itself uses and fills in defaults from {@link OPTION_TABLE} (a
 * profile's first); each stage validates its own. Sizes and durations may be text with a unit.
 * `knownKeys` are the keys the shell takes (any other is a TypeError); `resolveFallback` turns the
 * caller's `fallback` into the setting the decoder gets (Node's shell resolves `'auto'` there).
 * @throws TypeError for an unknown key, naming the nearest known one, or an option of the wrong type.
 * @throws RangeError for an unknown `profile` or `render`, a size that is not one, or `maxLiveLines` or `cols` below 1.
 */
export function resolvePresetOptions(
  options: PresetOptions | undefined,
  knownKeys: readonly string[],
  resolveFallback: (fallback: string | string[] | null) => string | string[] | null = (fallback) => fallback,
): ResolvedPresetOptions {
  validateOptionsObject(options, knownKeys);
  const given = (options ?? {}) as Readonly<Record<string, unknown>>;
  const profileRow = optionRow('core', 'profile') as OptionRow;
  const profile = readOptionValue(profileRow, given.profile ?? null);
  // A profile only changes defaults: an option the caller gave is taken as given.
  const base: Readonly<Record<string, unknown>> = profile === 'agent' ? { ...AGENT_PROFILE } : {};
  const value = (key: string): unknown => {
    const row = optionRow('core', key) as OptionRow;
    const chosen = given[key] !== undefined ? given[key] : key in base ? base[key] : row.defaultValue;
    return readOptionValue(row, chosen);
  };
  const { keepMatches, context, contextBefore, matchShare, maxMatchLineBytes, redact, ...read } =
    Object.fromEntries(PRESET_KEYS.map((key) => [key, value(key)])) as Record<string, unknown>;
  const spillMaxBytes = readOptionValue(
    optionRow('pipeline', 'spillMaxBytes') as OptionRow,
    given.spillMaxBytes ?? (optionRow('pipeline', 'spillMaxBytes') as OptionRow).defaultValue,
  );
  const spill = readOptionValue(optionRow('pipeline', 'spill') as OptionRow, given.spill ?? null);
  const fallback = resolveFallback((read.fallback ?? null) as string | string[] | null) ?? null;
  return {
    ...(read as Omit<ResolvedPresetOptions, 'matching' | 'spill' | 'spillMaxBytes' | 'fallback' | 'redact'>),
    fallback,
    // true for the redactor's defaults, false for none; the agent profile's true when not given.
    redact: resolveRedactOption(redact, false),
    spill: spill as string | null,
    spillMaxBytes: spillMaxBytes as number | null,
    matching: {
      keepMatches: keepMatches as KeepMatches,
      context: context as number | undefined,
      contextBefore: contextBefore as number | undefined,
      matchShare: matchShare as number | undefined,
      maxMatchLineBytes: maxMatchLineBytes as number | undefined,
    },
  };
}

/** The options every shell of the preset resolves here: the runtime-free chain's, but `profile` (read first). */
const PRESET_KEYS = optionKeysOf('core').filter((key) => key !== 'profile');
