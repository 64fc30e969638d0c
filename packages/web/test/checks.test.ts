import { propertyRuns } from '@pipeguard/test-utils';
import { describe, it } from 'vitest';
import type { CheckContext } from './checks/check';
import { SUITES } from './checks/index';
import { singleByteOracle } from './runtimes/codepage-oracle';
import { doubleByteOracle } from './runtimes/double-byte-oracle';

// The same checks that test/runtimes/run-everywhere.ts runs in Bun, Deno and Chromium, here in Node.
const context: CheckContext = {
  runs: propertyRuns,
  singleByteOracle: singleByteOracle(),
  doubleByteOracle: await doubleByteOracle(),
};

for (const { name, checks } of SUITES) {
  describe(name, () => {
    for (const check of checks) it(check.name, () => check.run(context));
  });
}
