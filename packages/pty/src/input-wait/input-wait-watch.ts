import type { InputWaitClock } from './input-wait-clock';
import {
  type InputWaitWatchOptions,
  MIN_SAMPLE_INTERVAL_MS,
  resolveInputWaitWatchOptions,
} from './input-wait-options';
import type { InputSource, InputWait, InputWaitSample, InputWaitSampler } from './input-wait-types';
import { lineText } from './line-text';
import { PromptLine } from './prompt-line';

/**
 * Watches a running command for a wait for input: fed its output (and told of its input), it samples the
 * command once `inputWaitMs` have passed without either, then once a second while the quiet lasts, never
 * otherwise, and reports a wait as it starts and ends. Sampling is asynchronous and a sample that output
 * or input overtook is dropped.
 */
export class InputWaitWatch {
  readonly #pid: number;
  readonly #input: InputSource;
  readonly #inputWaitMs: number;
  readonly #onChange: ((wait: InputWait | null) => void) | undefined;
  readonly #onSample: ((sample: InputWaitSample) => void) | undefined;
  readonly #formatPrompt: (line: Uint8Array) => string;
  readonly #sampler: InputWaitSampler;
  readonly #clock: InputWaitClock;
  readonly #lines = { stdout: new PromptLine(), stderr: new PromptLine() };
  #lastStream: 'stdout' | 'stderr' = 'stdout';
  #quietSince: number;
  #quietSinceWall: number;
  /** Counts output and input, so that a sample knows whether the quiet it judged still lasts. */
  #activity = 0;
  #lastSampleAt = Number.NEGATIVE_INFINITY;
  #timer: unknown = null;
  #sampling = false;
  #stopped = false;
  #samples = 0;
  #current: InputWait | null = null;

  /** @throws TypeError or RangeError for an invalid option. */
  constructor(options: InputWaitWatchOptions) {
    const settings = resolveInputWaitWatchOptions(options);
    this.#pid = settings.pid;
    this.#input = settings.input;
    this.#inputWaitMs = settings.inputWaitMs;
    this.#onChange = settings.onChange;
    this.#onSample = settings.onSample;
    this.#formatPrompt = settings.formatPrompt;
    this.#sampler = settings.sampler;
    this.#clock = settings.clock;
    this.#quietSince = this.#clock.nowMs();
    this.#quietSinceWall = this.#clock.wallMs();
    this.#arm(this.#inputWaitMs);
  }

  /** The wait going on, or `null`. */
  get current(): InputWait | null {
    return this.#current;
  }

  /** Samples taken so far. */
  get samples(): number {
    return this.#samples;
  }

  /** Takes bytes the command wrote (under a terminal, its one stream): the quiet ends, and so does a wait. */
  output(chunk: Uint8Array, stream: 'stdout' | 'stderr' = 'stdout'): void {
    if (this.#stopped || chunk.length === 0) return;
    this.#lines[stream].add(chunk);
    this.#lastStream = stream;
    this.#noteActivity();
  }

  /**
   * Notes bytes written to the command: the quiet ends, and so does a wait (the command has its answer);
   * the line ends, so that the next prompt is not read as following the last one.
   */
  input(): void {
    if (this.#stopped) return;
    this.#lines.stdout.endLine();
    this.#lines.stderr.endLine();
    this.#noteActivity();
  }

  /** Stops watching (the command exited, or it is no longer of interest); `current` keeps the last wait. */
  stop(): void {
    this.#stopped = true;
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  #noteActivity(): void {
    this.#activity++;
    this.#quietSince = this.#clock.nowMs();
    this.#quietSinceWall = this.#clock.wallMs();
    this.#change(null);
    // A timer already set finds the quiet moved on and waits for the rest: one timer, not one per chunk.
    if (this.#timer === null && !this.#sampling) this.#arm(this.#inputWaitMs);
  }

  #arm(delayMs: number): void {
    this.#timer = this.#clock.setTimeout(() => this.#onTimer(), Math.max(0, delayMs));
  }

  /** When the next sample may be taken: after the quiet spell, and a second after the last sample. */
  #nextSampleAt(): number {
    return Math.max(this.#quietSince + this.#inputWaitMs, this.#lastSampleAt + MIN_SAMPLE_INTERVAL_MS);
  }

  #onTimer(): void {
    this.#timer = null;
    if (this.#stopped) return;
    const now = this.#clock.nowMs();
    const due = this.#nextSampleAt();
    if (now < due) this.#arm(due - now);
    else void this.#sample(now);
  }

  async #sample(now: number): Promise<void> {
    this.#sampling = true;
    this.#lastSampleAt = now;
    this.#samples++;
    const activity = this.#activity;
    const line = this.#promptLine();
    const promptText = lineText(line);
    let sample: InputWaitSample;
    try {
      sample = await this.#sampler({
        pid: this.#pid,
        input: this.#input,
        promptText,
        quietMs: Math.round(now - this.#quietSince),
      });
    } catch (error) {
      sample = { verdict: 'unknown', reason: `the sample failed: ${(error as Error).message}` };
    }
    this.#sampling = false;
    if (this.#stopped) return;
    this.#onSample?.(sample);
    if (activity === this.#activity) {
      if (sample.verdict === 'waiting' && this.#current === null) {
        this.#change({
          since: this.#quietSinceWall,
          prompt: this.#formatPrompt(line),
          evidence: sample.evidence,
        });
      } else if (sample.verdict === 'not-waiting') this.#change(null);
    }
    this.#arm(this.#nextSampleAt() - this.#clock.nowMs());
  }

  /** The prompt's bytes: the last partial line of the stream written last, or its last line if that ended. */
  #promptLine(): Uint8Array {
    const line = this.#lines[this.#lastStream];
    return lineText(line.partial) === '' ? line.lastComplete : line.partial;
  }

  #change(wait: InputWait | null): void {
    if (wait === this.#current) return;
    this.#current = wait;
    this.#onChange?.(wait);
  }
}
