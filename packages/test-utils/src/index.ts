export { chunkedBytes, chunkedUtf8, cutsFor, unicodeText } from './arbitraries';
export { collect, collectBytes, cutAt, everySplit, feed, writeAll } from './streams';
