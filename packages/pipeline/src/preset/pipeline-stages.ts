import type { BinaryGuardStats, Utf16Encoding } from '@pipeguard/binary-guard/core';
import type { BoundedSinkStats } from '@pipeguard/bounded-sink/core';
import type { ByteCounterStats } from '@pipeguard/byte-counter/core';
import type { RepeatFolderStats } from '@pipeguard/repeat-folder/core';
import type { SecretRedactorStats } from '@pipeguard/secret-redactor/core';
import type { TerminalRendererStats } from '@pipeguard/terminal-renderer/core';
import type { SpillTap } from '../spill/spill-tap';
import type { CaptureCores } from './capture-chain';

/** A stage's counts as it runs: `stats` is a fresh object of the stage's stats on each get. */
export interface StageStats<Stats> {
  readonly stats: Stats;
}

/**
 * What a running `pipeline()` tells of its stages, for live progress (`stages.counter.bytes`…): each
 * stage's counts, read from its one chain as they change; `null` for a stage the options left out.
 */
export interface PipelineStages {
  /** Raw bytes read so far (`bytes`, also in `stats` with the chunks). */
  counter: StageStats<ByteCounterStats> & { readonly bytes: number };
  /** The spill file's tap with `spill` (its `path`, `spilledBytes`, `created`, `stoppedBy`), else `null`. */
  spill: SpillTap | null;
  /** The binary guard, unless `binaryGuard: false`. */
  guard: StageStats<BinaryGuardStats> | null;
  /** The UTF-16 flavour being transcoded, or `null` while the stream passes untouched. */
  transcoder: { readonly encoding: Utf16Encoding | null };
  /** The terminal renderer with `render: 'terminal'`, else `null`. */
  renderer: StageStats<TerminalRendererStats> | null;
  /** The secret redactor with `redact`, else `null`; its counts stop where it is passed over (see `redact`). */
  redactor: StageStats<SecretRedactorStats> | null;
  /** The repeat folder with `foldRepeats: true`, else `null`. */
  folder: StageStats<RepeatFolderStats> | null;
  /** The bounded sink: what it has kept and omitted so far. */
  sink: StageStats<BoundedSinkStats>;
}

/** The stages' counts of one chain, read live; only counts are handed out, never a core to drive. */
export function stagesOf(cores: CaptureCores, spill: SpillTap | null): PipelineStages {
  const { counter, guard, transcoder, renderer, redactor, folder, sink } = cores;
  const statsOf = <S>(core: StageStats<S> | null): StageStats<S> | null =>
    core === null
      ? null
      : {
          get stats() {
            return core.stats;
          },
        };
  return {
    counter: {
      get bytes() {
        return counter.stats.bytes;
      },
      get stats() {
        return counter.stats;
      },
    },
    spill,
    guard: statsOf(guard),
    transcoder: {
      get encoding() {
        return transcoder.encoding;
      },
    },
    renderer: statsOf(renderer),
    redactor: statsOf(redactor),
    folder: statsOf(folder),
    sink: statsOf(sink) as StageStats<BoundedSinkStats>,
  };
}
