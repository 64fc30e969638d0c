// The commands that run or read something, loaded as one chunk when one of them runs: they share most
// of their code (the stages), and each file the bin loads adds a lookup, a read and a wrapper per start.
export { readNumberedLines, readWindow } from './file-commands';
export { filterStdin } from './filter-stdin';
export { runCommand } from './run-command';
