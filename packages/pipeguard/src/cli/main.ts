import { version } from '../../package.json';
import { checkEncodings } from './option-values';
import { flushOutput, outputFailure, writeNote, writeOut } from './output';
import { type CliCommand, parseCli } from './parse-cli';
import { signalExitStatus } from './termination';
import { EXIT_USAGE, UsageError } from './usage-error';

/**
 * Runs the pipeguard CLI on its arguments and resolves to the exit status; never throws. When a
 * reader of pipeguard's stdout or stderr left before all was written, the status is 141, what a
 * shell shows for a command ended by SIGPIPE (the command's group has been ended by then).
 */
export async function main(args: readonly string[]): Promise<number> {
  const status = await statusOf(args);
  await flushOutput();
  const failed = outputFailure();
  if (failed === null) return status;
  if (failed.error.code === 'EPIPE') return signalExitStatus('SIGPIPE');
  writeNote(`cannot write ${failed.name}: ${failed.error.message}`);
  return 1;
}

async function statusOf(args: readonly string[]): Promise<number> {
  try {
    return await execute(parseCli(args));
  } catch (error) {
    if (error instanceof UsageError) {
      writeNote(`${error.message} (see pipeguard --help)`);
      return EXIT_USAGE;
    }
    writeNote(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

// Each command's modules are loaded when it runs, so `--help`, `--version` and completion load no stage,
// and `pipeguard -- CMD` initialises neither the file commands nor the filter (the bin is one file: a
// dynamic import here is a module initialised on first use, not a file read).
async function execute(command: CliCommand): Promise<number> {
  switch (command.kind) {
    case 'help':
      writeOut((await import('./usage')).usage());
      return 0;
    case 'version':
      writeOut(`pipeguard ${version}\n`);
      return 0;
    case 'completion':
      writeOut((await import('./completion')).completionScript(command.shell));
      return 0;
  }
  for (const note of command.notes) writeNote(`note: ${note}`);
  await checkEncodings('--fallback', command.options.fallback);
  switch (command.kind) {
    case 'run':
      return (await import('./run-command')).runCommand(command);
    case 'filter':
      return (await import('./filter-stdin')).filterStdin(command);
    case 'read':
      return (await import('./file-commands')).readWindow(command);
    case 'lines':
      return (await import('./file-commands')).readNumberedLines(command);
  }
}
