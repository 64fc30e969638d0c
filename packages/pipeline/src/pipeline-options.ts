import { DEFAULT_MAX_BYTES, type KeepMode } from '@pipeguard/bounded-sink';
import { resolveAutoFallback } from '@pipeguard/fallback-decoder';
import { validateBoolean, validateInteger, validateOptionsObject, validateString } from '@pipeguard/shared';

/** Options of {@link pipeline}: every stage's option, by the name the stage gives it. */
export interface PipelineOptions {
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
  /** The command shown in the binary placeholder's redirect hint (`run()` fills it in). */
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
}

// A record, so that the compiler checks that the list names every option and nothing else.
const PIPELINE_OPTIONS: Record<keyof PipelineOptions, true> = {
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
};

/** The keys {@link pipeline} accepts; any other key is a TypeError. */
export const PIPELINE_OPTION_KEYS = Object.keys(PIPELINE_OPTIONS) as readonly (keyof PipelineOptions)[];

/** Options with every default filled in (the caller's object is never changed). */
export interface ResolvedPipelineOptions {
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
}

/**
 * Validates the options the preset itself uses and fills in defaults; each stage validates its own.
 * @throws TypeError for an unknown key, naming the nearest known one.
 */
export function resolvePipelineOptions(options: PipelineOptions | undefined): ResolvedPipelineOptions {
  validateOptionsObject(options, PIPELINE_OPTION_KEYS);
  const {
    label = 'stdout',
    maxBytes = DEFAULT_MAX_BYTES,
    keep = 'head',
    fallback: requestedFallback = null,
    binaryGuard = true,
    command,
    windowBytes = 64 * 1024,
    maxUnitBytes = 32 * 1024,
    maxLineBytes = null,
    spill = null,
    spillMaxBytes = 64 * 1024 * 1024,
  } = options ?? {};
  // `'auto'` is resolved here, at the edge, from this process's environment.
  const fallback = resolveAutoFallback(requestedFallback) ?? null;
  // label, maxBytes and keep are the sink's and the guard's own: they validate them when built.
  validateBoolean('binaryGuard', binaryGuard);
  if (spill !== null) validateString('spill', spill);
  validateInteger('spillMaxBytes', spillMaxBytes, { nullable: true });
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
  };
}
