export { chunkedBytes, chunkedUtf8, cutBytes, cutsFor, unicodeText } from './arbitraries';
export { requireBuilt } from './built-file';
export { bundleCore, NODE_GLOBAL_MARK, packagesWithCore } from './core-bundle';
export { driveCore, driveCoreBytes } from './cores';
export { exposeGc, settledMemoryUsage } from './gc';
export { importCycles } from './import-cycles';
export { batchOf, flattenUnits, unitsOf } from './line-units';
export { decodeKeepingBom, linesFile, messyBytes } from './messy-bytes';
export {
  eventually,
  findProcesses,
  isAlive,
  liveGroupMembers,
  openDescriptors,
  processStat,
} from './processes';
export { propertyRuns, propertyTimeout } from './property-runs';
export { writePtyBlocker } from './pty-blocker';
export { ptyLoads } from './pty-loads';
export { writeFromOneBuffer } from './refill';
export { endingSignals, firstLineThenFlagScript } from './signals';
export { describeStageContract, type StageContract } from './stage-contract';
export {
  chunksOf,
  collect,
  collectBytes,
  cutAt,
  everySplit,
  feed,
  pipeReadsLater,
  writeAll,
  writeRefillingOneBuffer,
} from './streams';
export { writeSudoLikeScript } from './sudo-like';
export { makeTempDir, useTempDir } from './temp-dir';
export { expectThrowingListenerFailsStream } from './throwing-listener';
export { undeclaredFields } from './undeclared-fields';
export { longestUtf8Prefix } from './utf8-oracle';
export { withoutRuns } from './without-runs';
export { asXtermAtTheMargin, xtermLines } from './xterm-lines';
