import { validateFunction, validateInteger, validateOneOf, validateOptionsObject } from '@pipeguard/shared';
import { type InputWaitClock, SYSTEM_CLOCK } from './input-wait-clock';
import type { InputSource, InputWait, InputWaitSample, InputWaitSampler } from './input-wait-types';
import { lineText } from './line-text';
import { sampleInputWait } from './sample-input-wait';

/** The quiet spell before a command is looked at, by default. */
export const DEFAULT_INPUT_WAIT_MS = 1500;
/** Samples of one command are at least this far apart, however short `inputWaitMs` is. */
export const MIN_SAMPLE_INTERVAL_MS = 1000;

/** Options of {@link InputWaitWatch}. */
export interface InputWaitWatchOptions {
  /** The command's pid: under a terminal its session leader, on pipes its process group leader. */
  pid: number;
  /** What the command would wait to read: its terminal, or its stdin (a live `input` stream on pipes). */
  input: InputSource;
  /** Milliseconds without output or input before the command is looked at. @defaultValue `1500` */
  inputWaitMs?: number;
  /**
   * Called when a wait is found (with it) and when it ends (`null`): output, input, or a sample saw it end.
   * @defaultValue none
   */
  onChange?: (wait: InputWait | null) => void;
  /** Called with every sample's verdict (for logs and measurements). @defaultValue none */
  onSample?: (sample: InputWaitSample) => void;
  /**
   * Turns the prompt's line (its raw bytes, escape sequences included) into the `prompt` reported: the hook
   * where the caller's chain renders and redacts it. @defaultValue {@link lineText}
   */
  formatPrompt?: (line: Uint8Array) => string;
  /** Judges a quiet moment. @defaultValue {@link sampleInputWait} (/proc, else the prompt's text) */
  sampler?: InputWaitSampler;
  /** Time and timers. @defaultValue the system clock */
  clock?: InputWaitClock;
}

const KNOWN_OPTIONS = [
  'pid',
  'input',
  'inputWaitMs',
  'onChange',
  'onSample',
  'formatPrompt',
  'sampler',
  'clock',
];
const INPUT_SOURCES: readonly InputSource[] = ['terminal', 'stdin'];

/** {@link InputWaitWatchOptions} with every default filled in. */
export type ResolvedInputWaitWatchOptions = Required<Omit<InputWaitWatchOptions, 'onChange' | 'onSample'>> &
  Pick<InputWaitWatchOptions, 'onChange' | 'onSample'>;

/**
 * Validates an {@link InputWaitWatch}'s options and fills in the defaults; the caller's object is not changed.
 * @throws TypeError or RangeError for an invalid option.
 */
export function resolveInputWaitWatchOptions(options: InputWaitWatchOptions): ResolvedInputWaitWatchOptions {
  validateOptionsObject(options, KNOWN_OPTIONS);
  const {
    pid,
    input,
    inputWaitMs = DEFAULT_INPUT_WAIT_MS,
    onChange,
    onSample,
    formatPrompt,
    sampler,
    clock,
  } = options ?? ({} as InputWaitWatchOptions);
  validateInteger('pid', pid, { minimum: 1 });
  validateOneOf('input', input, INPUT_SOURCES);
  validateInteger('inputWaitMs', inputWaitMs);
  for (const [name, value] of Object.entries({ onChange, onSample, formatPrompt, sampler })) {
    if (value !== undefined) validateFunction(name, value);
  }
  if (clock !== undefined) validateOptionsObject(clock, undefined, 'clock');
  return {
    pid,
    input,
    inputWaitMs,
    onChange,
    onSample,
    formatPrompt: formatPrompt ?? lineText,
    sampler: sampler ?? sampleInputWait,
    clock: clock ?? SYSTEM_CLOCK,
  };
}
