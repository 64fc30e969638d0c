import type { BinaryGuard } from '@pipeguard/binary-guard';
import type { BoundedSink } from '@pipeguard/bounded-sink';
import type { ByteCounter } from '@pipeguard/byte-counter';
import type { RepeatFolder } from '@pipeguard/repeat-folder';
import type { SecretRedactor } from '@pipeguard/secret-redactor';
import type { TerminalRenderer } from '@pipeguard/terminal-renderer';
import type { SpillTap } from '../spill/spill-tap';
import type { Utf16Transcoder } from './utf16-transcoder';

/** The stages a running `pipeline()` composed, for live progress (`stages.counter.bytes`…). */
export interface PipelineStages {
  counter: ByteCounter;
  spill: SpillTap | null;
  guard: BinaryGuard | null;
  transcoder: Utf16Transcoder;
  /** The terminal renderer with `render: 'terminal'`, else `null`. */
  renderer: TerminalRenderer | null;
  /** The secret redactor with `redact`, else `null`. */
  redactor: SecretRedactor | null;
  /** The repeat folder with `foldRepeats: true`, else `null`. */
  folder: RepeatFolder | null;
  sink: BoundedSink;
}
