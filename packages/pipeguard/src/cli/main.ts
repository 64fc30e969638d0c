import { version } from '../../package.json';
import { checkEncodings } from './option-values';
import { ignoreClosedOutput, writeNote, writeOut } from './output';
import { type CliCommand, parseCli } from './parse-cli';
import { EXIT_USAGE, UsageError } from './usage-error';

/** Runs the pipeguard CLI on its arguments and resolves to the exit status; never throws. */
export async function main(args: readonly string[]): Promise<number> {
  ignoreClosedOutput();
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

// Each command's module is loaded when it runs, so `--help` or `read` never load run()'s stages.
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
