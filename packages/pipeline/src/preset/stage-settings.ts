import type { BinaryGuardOptions } from '@pipeguard/binary-guard/core';
import type { BoundedSinkOptions } from '@pipeguard/bounded-sink/core';
import type { ResolvedPresetOptions } from './preset-options';

/** The options the preset gives its guard and its sink, and how far the head's lines are remembered. */
export interface PresetStageSettings {
  /** The guard's options, or `null` with `binaryGuard: false`. */
  guard: BinaryGuardOptions | null;
  /** The sink's options but `sourceOffsetOf` (the shell composes it from its stages). */
  sink: Omit<BoundedSinkOptions, 'sourceOffsetOf'>;
  /** Bytes of the sink's input whose lines {@link HeadLineOffsets} remembers, or `null` without a budget. */
  headHorizon: number | null;
}

/** What every shell of the preset (Node's `pipeline()`, a chain of cores) gives its guard and its sink. */
export function presetStageSettings(settings: ResolvedPresetOptions): PresetStageSettings {
  const { label, maxBytes, keep } = settings;
  return {
    guard: settings.binaryGuard
      ? {
          label,
          guardWindowBytes: settings.guardWindowBytes,
          // The placeholder is placed after the kept text, outside the byte budget it must never be cut by.
          emitPlaceholder: false,
          ...(settings.command === undefined ? {} : { command: settings.command }),
        }
      : null,
    sink: {
      maxBytes,
      // Without a limit every byte is kept: the sink's 'tail' window of null bytes would keep none.
      keep: maxBytes === null ? 'head' : keep,
      label,
      ...settings.matching,
      cutAt: settings.cutAt,
    },
    // At least the first byte: a kept tail's omitted part starts there.
    headHorizon:
      maxBytes === null
        ? null
        : Math.max(1, keep === 'head' ? maxBytes : keep === 'tail' ? 0 : Math.ceil(maxBytes / 2)),
  };
}
