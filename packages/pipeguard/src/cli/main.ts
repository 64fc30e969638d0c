import { version } from '../../package.json';
import { checkEncodings } from './option-values';
import { writeNote, writeOut } from './output';
import { type CliCommand, parseCli } from './parse-cli';
import { EXIT_USAGE, UsageError } from './usage-error';

/** Runs the pipeguard CLI on its arguments and resolves to the exit status; never throws. */
export async function main(args: readonly string[]): Promise<number> {
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

// The commands' modules are loaded when one runs, so `--help`, `--version` and completion load no stage.
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
  const commands = await import('./commands');
  switch (command.kind) {
    case 'run':
      return commands.runCommand(command);
    case 'filter':
      return commands.filterStdin(command);
    case 'read':
      return commands.readWindow(command);
    case 'lines':
      return commands.readNumberedLines(command);
  }
}
