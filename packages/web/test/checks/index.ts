import { captureStreamChecks } from './capture-stream.checks';
import type { CheckSuite } from './check';
import { codepageChecks } from './codepages.checks';
import { doubleByteChecks } from './double-byte.checks';
import { stageStreamChecks } from './stage-stream.checks';
import { stageStreamOverlapChecks } from './stage-stream-overlap.checks';
import { stageStreamsChecks } from './stage-streams.checks';
import { webByteOpsChecks } from './web-byte-ops.checks';

/** Every check suite: the one list that Node (vitest), Bun, Deno and Chromium run. */
export const SUITES: readonly CheckSuite[] = [
  stageStreamChecks,
  stageStreamOverlapChecks,
  webByteOpsChecks,
  codepageChecks,
  doubleByteChecks,
  captureStreamChecks,
  stageStreamsChecks,
];
