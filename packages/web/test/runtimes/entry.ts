// The one bundle that every runtime runs: the checks, with a property's CI run count.
import doubleByteOracle from 'virtual:double-byte-oracle';
import singleByteOracle from 'virtual:single-byte-oracle';
import { SUITES } from '../checks/index';
import { runChecks } from './run-checks';

const result = await runChecks(
  SUITES,
  { runs: (ciRuns) => ciRuns, singleByteOracle, doubleByteOracle },
  (line) => console.log(line),
);
// The page's runner reads it from here; the others read the last line.
(globalThis as { pipeguardChecks?: unknown }).pipeguardChecks = result;
console.log(`${result.passed} passed, ${result.failed} failed`);
