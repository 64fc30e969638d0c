import type { CheckSuite } from './check';
import { stageStreamChecks } from './stage-stream.checks';

/** Every check suite: the one list that Node (vitest), Bun, Deno and Chromium run. */
export const SUITES: readonly CheckSuite[] = [stageStreamChecks];
