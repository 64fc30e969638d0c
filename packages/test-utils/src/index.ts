export { chunkedBytes, chunkedUtf8, cutsFor, unicodeText } from './arbitraries';
export {
  eventually,
  findProcesses,
  isAlive,
  liveGroupMembers,
  openDescriptors,
  processStat,
} from './processes';
export { collect, collectBytes, cutAt, everySplit, feed, writeAll } from './streams';
export { makeTempDir } from './temp-dir';
