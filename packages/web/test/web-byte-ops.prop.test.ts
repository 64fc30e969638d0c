import { nodeByteOps } from '@pipeguard/shared';
import { propertyRuns } from '@pipeguard/test-utils';
import { describe, it } from 'vitest';
import { checkAgainst } from './checks/web-byte-ops.checks';

describe('webByteOps', () => {
  it("should answer as nodeByteOps (Buffer's native scans) for any bytes, alignment, byte and position", () =>
    checkAgainst(nodeByteOps, propertyRuns(1000)));
});
