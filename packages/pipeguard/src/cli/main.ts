import { version } from '../../package.json';
import { readNumberedLines, readWindow } from './file-commands';
import { filterStdin } from './filter-stdin';
import { ignoreClosedOutput, writeNote, writeOut } from './output';
import { parseCli } from './parse-cli';
import { runCommand } from './run-command';
import { USAGE } from './usage';
import { EXIT_USAGE, UsageError } from './usage-error';

/** Runs the pipeguard CLI on its arguments and resolves to the exit status; never throws. */
export async function main(args: readonly string[]): Promise<number> {
  ignoreClosedOutput();
  try {
    const command = parseCli(args);
    switch (command.kind) {
      case 'help':
        writeOut(USAGE);
        return 0;
      case 'version':
        writeOut(`pipeguard ${version}\n`);
        return 0;
      case 'run':
        return await runCommand(command);
      case 'filter':
        return await filterStdin(command);
      case 'read':
        return await readWindow(command);
      case 'lines':
        return await readNumberedLines(command);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      writeNote(`${error.message} (see pipeguard --help)`);
      return EXIT_USAGE;
    }
    writeNote(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
