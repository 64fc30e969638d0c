import { AGENT_PROFILE, type PipelineOptions, pipeline } from '@pipeguard/pipeline';
import { PassThrough } from 'readable-stream';
import { onOutputFailure, outputFailure, printable, writeJson, writeNote, writeOut } from './output';
import type { CliCommand } from './parse-cli';
import { meterOf, type ProgressLine, progressOnStderr } from './progress-line';
import { printsAsItSettles, unprinted, writeSettled } from './settled-output';
import { onTermination, signalExitStatus } from './termination';
import { UsageError } from './usage-error';

type FilterCommand = Extract<CliCommand, { kind: 'filter' }>;

/**
 * `COMMAND | pipeguard [options]`: filters standard input through the preset and prints the result;
 * the kept head (`--keep head`, the default) and all of an unbounded input (`--max-bytes none`) as they
 * settle, a tail or both ends at the end. Ctrl-C ends the input
 * where it is: what arrived is printed, then the status is 130. A reader of the output that leaves
 * ends the input too, and nothing more is printed (main() reports 141, as for SIGPIPE).
 */
export async function filterStdin({ options, json }: FilterCommand): Promise<number> {
  if (process.stdin.isTTY) {
    throw new UsageError(
      'no COMMAND after -- and standard input is a terminal: pipe output in, or run pipeguard -- COMMAND',
    );
  }
  const settings = options as PipelineOptions;
  // A stage of our own between stdin and the pipeline, so an interruption can end the input cleanly.
  const input = new PassThrough();
  // pipe() passes no error on: a failing stdin (a reset socket) fails the input, and so the run.
  process.stdin.once('error', (error) => input.destroy(error));
  process.stdin.pipe(input);
  let stoppedBy: NodeJS.Signals | null = null;
  const endInput = () => {
    process.stdin.unpipe(input);
    process.stdin.destroy();
    if (!input.writableEnded) input.end();
  };
  const removeHandlers = onTermination((signal) => {
    stoppedBy ??= signal;
    endInput();
  });
  const removeOutputWatch = onOutputFailure(endInput);
  try {
    const flowing = printsAsItSettles(settings, json);
    const printed = { stdout: 0, stderr: 0 };
    let progress: ProgressLine | undefined;
    const onSettledText = (text: string) => {
      progress?.clear();
      return writeSettled('stdout', text, printed);
    };
    // The command writing to us shares our environment, most likely: its secrets are ours.
    const profileRedacts = settings.profile === 'agent' && AGENT_PROFILE.redact;
    const redact = (settings.redact ?? profileRedacts) ? { env: process.env } : false;
    const running = pipeline(input, {
      ...settings,
      redact,
      label: 'stdin',
      ...(flowing ? { onSettledText } : {}),
    });
    progress = progressOnStderr([meterOf('stdin', running.stages)]);
    // Erased before anything is printed, not after: output must not land on the progress line.
    const result = await running.finally(() => progress?.stop());
    if (json) writeJson('filter', result);
    else
      writeOut(
        flowing ? unprinted(result, 'stdout', printed.stdout, settings.maxBytes === null) : printable(result),
      );
    // The spill file is named: by the marker, or here.
    if (!json && result.spillPath !== null && !result.truncated) {
      writeNote(`the raw ${result.label} is in ${result.spillPath}`);
    }
    if (outputFailure() !== null) return signalExitStatus('SIGPIPE');
    if (stoppedBy === null) return 0;
    if (!json) writeNote(`interrupted by ${stoppedBy}; printed what had arrived`);
    return signalExitStatus(stoppedBy);
  } finally {
    removeHandlers();
    removeOutputWatch();
  }
}
