export { chunkedBytes, chunkedUtf8, cutsFor, unicodeText } from './arbitraries';
export { eventually, findProcesses, isAlive, liveGroupMembers, processStat } from './processes';
export { collect, collectBytes, cutAt, everySplit, feed, writeAll } from './streams';
