import { nodeByteOps } from '@pipeguard/shared';
import { propertyRuns } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { nodeScans } from '../src/node-scans';
import { wordByteOps } from '../src/word-scans';
import { checkAgainst } from './checks/web-byte-ops.checks';

describe('webByteOps', () => {
  it("should answer as nodeByteOps (Buffer's native scans) for any bytes, alignment, byte and position", () =>
    checkAgainst(nodeByteOps, propertyRuns(1000)));
});

describe("nodeScans (webByteOps in Node: node:buffer's scans)", () => {
  it('should find node:buffer through process.getBuiltinModule in Node 20', () => {
    expect(nodeScans()).toBeDefined();
  });

  it('should answer as nodeByteOps for any bytes, alignment, byte and position', () =>
    checkAgainst(nodeByteOps, propertyRuns(1000), nodeScans()));
});

describe('wordByteOps (the scans of Deno and Chromium)', () => {
  it('should answer as nodeByteOps for any bytes, alignment, byte and position', () =>
    checkAgainst(nodeByteOps, propertyRuns(1000), wordByteOps));
});
