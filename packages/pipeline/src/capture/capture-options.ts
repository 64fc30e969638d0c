import {
  describeReceived,
  signalNumbers,
  validateBoolean,
  validateInteger,
  validateOptionsObject,
  validateString,
} from '@pipeguard/shared';
import { type LiveLinesQueueOptions, resolveLiveLinesOption } from '../live/live-queue-options';
import { AGENT_PROFILE } from '../preset/agent-profile';
import { PIPELINE_OPTION_KEYS, type PipelineOptions } from '../preset/pipeline-options';
import { resolveRedactOption, withCommandEnvironment } from '../preset/redact-option';

export type { LiveLinesQueueOptions } from '../live/live-queue-options';

/** Options of {@link capture}: the pipeline's options for each stream, plus process handling. */
export interface CaptureOptions extends Omit<PipelineOptions, 'label' | 'live'> {
  /** Milliseconds before the process (group) is killed; `null` waits forever. @defaultValue `null` */
  timeout?: number | null;
  /** Signal sent first on timeout or cancellation. @defaultValue `'SIGTERM'` */
  killSignal?: NodeJS.Signals;
  /** Milliseconds between `killSignal` and SIGKILL. @defaultValue `2000` */
  killGrace?: number;
  /**
   * Milliseconds to wait, after the child exits, for its pipes to close; then they are closed, and with
   * `processGroup` what is left of the group is killed (a setsid escapee gets EPIPE instead). @defaultValue `250`
   */
  pipeGrace?: number;
  /** Cancels the run: the same clean-up as a timeout, then the promise rejects with an `AbortError`. @defaultValue none (not cancellable) */
  signal?: AbortSignal;
  /** Also capture both streams interleaved in arrival order, bounded the same way. @defaultValue `false` */
  all?: boolean;
  /**
   * Signal the child's whole process group (spawned with `detached: true`), not only the child.
   * @defaultValue `false` for {@link capture}, `true` for `run()`
   */
  processGroup?: boolean;
  /**
   * Hand each stream's decoded (and, when rendering, rendered) lines to `running.lines` as they arrive;
   * an object sets the queue's caps. Off, there is no live view and it costs nothing. @defaultValue `false`
   */
  liveLines?: boolean | LiveLinesQueueOptions;
}

// A record, so that the compiler checks that the list names every option of capture's own.
const CAPTURE_OWN_OPTIONS: Record<Exclude<keyof CaptureOptions, keyof PipelineOptions>, true> = {
  timeout: true,
  killSignal: true,
  killGrace: true,
  pipeGrace: true,
  signal: true,
  all: true,
  processGroup: true,
  liveLines: true,
};

/** The keys {@link capture} accepts: the pipeline's but `label` (each stream has its own), and its own. */
export const CAPTURE_OPTION_KEYS: readonly (keyof CaptureOptions)[] = [
  ...PIPELINE_OPTION_KEYS.filter((key) => key !== 'label' && key !== 'live'),
  ...(Object.keys(CAPTURE_OWN_OPTIONS) as (keyof typeof CAPTURE_OWN_OPTIONS)[]),
];

/** Capture options with every default filled in (the caller's object is never changed). */
export interface ResolvedCaptureOptions {
  pipeline: Omit<PipelineOptions, 'label'>;
  timeout: number | null;
  killSignal: NodeJS.Signals;
  killGrace: number;
  pipeGrace: number;
  signal: AbortSignal | undefined;
  all: boolean;
  processGroup: boolean;
  /** The live lines' queue caps, or `null` for no live lines. */
  liveLines: LiveLinesQueueOptions | null;
}

/**
 * Validates the process-handling options; the pipeline options are validated by building the pipelines.
 * With `redact` (or `profile: 'agent'`), the redactor's `env` gets `commandEnv`, the environment the
 * command was given, under the caller's own `env` entries.
 * @throws TypeError for an unknown key or a wrong type, RangeError for a wrong value.
 */
export function resolveCaptureOptions(
  options: CaptureOptions | undefined,
  commandEnv: Readonly<Record<string, string | undefined>> = process.env,
): ResolvedCaptureOptions {
  validateOptionsObject(options, CAPTURE_OPTION_KEYS);
  const {
    timeout = null,
    killSignal = 'SIGTERM',
    killGrace = 2000,
    pipeGrace = 250,
    signal,
    all = false,
    processGroup = false,
    liveLines = false,
    ...pipelineOptions
  } = options ?? {};
  const profileRedacts = pipelineOptions.profile === 'agent' && AGENT_PROFILE.redact;
  const redact = withCommandEnvironment(
    resolveRedactOption(pipelineOptions.redact, profileRedacts),
    commandEnv,
  );
  const pipeline = { ...pipelineOptions, redact: redact ?? false };
  validateInteger('timeout', timeout, { nullable: true });
  validateString('killSignal', killSignal);
  if (!isSignalName(killSignal)) {
    throw new RangeError(
      `The "killSignal" option must be a signal name such as 'SIGTERM'. Received '${killSignal}'`,
    );
  }
  validateInteger('killGrace', killGrace);
  validateInteger('pipeGrace', pipeGrace);
  validateBoolean('all', all);
  validateBoolean('processGroup', processGroup);
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(
      `The "signal" option must be an instance of AbortSignal. Received ${describeReceived(signal)}`,
    );
  }
  const live = resolveLiveLinesOption('liveLines', liveLines);
  return { pipeline, timeout, killSignal, killGrace, pipeGrace, signal, all, processGroup, liveLines: live };
}

/**
 * Whether `name` is a signal of this platform. The default, SIGTERM, is one everywhere: it is not looked
 * up, so that a run with it does not load the table (see {@link signalNumbers}).
 */
function isSignalName(name: string): boolean {
  return name === 'SIGTERM' || name in signalNumbers();
}
