import * as binaryGuard from '@pipeguard/binary-guard';
import * as boundedSink from '@pipeguard/bounded-sink';
import * as byteCounter from '@pipeguard/byte-counter';
import * as fallbackDecoder from '@pipeguard/fallback-decoder';
import * as fileWindow from '@pipeguard/file-window';
import * as lineSplitter from '@pipeguard/line-splitter';
import * as pipeline from '@pipeguard/pipeline';
import { describe, expect, it } from 'vitest';
import * as pipeguard from '../src/index';

describe('pipeguard (the umbrella package)', () => {
  it.each([
    ['@pipeguard/binary-guard', binaryGuard],
    ['@pipeguard/bounded-sink', boundedSink],
    ['@pipeguard/byte-counter', byteCounter],
    ['@pipeguard/fallback-decoder', fallbackDecoder],
    ['@pipeguard/file-window', fileWindow],
    ['@pipeguard/line-splitter', lineSplitter],
    ['@pipeguard/pipeline', pipeline],
  ])('should re-export every runtime export of %s as the same object', (_name, module) => {
    for (const [name, value] of Object.entries(module)) {
      expect(pipeguard, name).toHaveProperty(name, value);
    }
  });

  it('should re-export the byte size helpers when a CLI-like caller needs them', () => {
    expect(pipeguard.parseBytes('64KiB')).toBe(65536);
    expect(pipeguard.formatBytes(1536)).toBe('1.5 KiB');
  });
});
