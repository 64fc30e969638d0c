import { nodeByteOps } from '@pipeguard/shared';
import { portableByteOps } from '@pipeguard/shared/core';
import { propertyRuns } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { nodeScans } from '../src/node-scans';
import { wordByteOps } from '../src/word-scans';
import { checkAgainst } from './checks/web-byte-ops.checks';

// In Node, webByteOps and nodeScans are node:buffer's scans through bufferScans, as nodeByteOps is: they are
// checked against the language's own scans (portableByteOps), which share no code with them.
describe('webByteOps', () => {
  it('should answer as portableByteOps for any bytes, alignment, byte and position', () =>
    checkAgainst(portableByteOps, propertyRuns(1000)));
});

describe("nodeScans (webByteOps in Node: node:buffer's scans)", () => {
  it('should find node:buffer through process.getBuiltinModule in Node 20', () => {
    expect(nodeScans()).toBeDefined();
  });

  it('should answer as portableByteOps for any bytes, alignment, byte and position', () =>
    checkAgainst(portableByteOps, propertyRuns(1000), nodeScans()));
});

describe('wordByteOps (the scans of Deno and Chromium)', () => {
  it('should answer as nodeByteOps for any bytes, alignment, byte and position', () =>
    checkAgainst(nodeByteOps, propertyRuns(1000), wordByteOps));
});
