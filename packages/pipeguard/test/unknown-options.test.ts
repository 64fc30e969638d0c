import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { makeTempDir } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import {
  BinaryGuard,
  BoundedSink,
  ByteCounter,
  capture,
  FallbackDecoder,
  LineClipper,
  LineSplitter,
  pipeline,
  readBytesAsUtf8,
  readLines,
  run,
} from '../src/index';

// Every public API documents that unknown option keys are ignored; a misspelt key must not throw.
const unknown = { notAnOption: true, maxbytes: 5 } as never;

describe('unknown option keys', () => {
  it.each([
    ['ByteCounter', () => new ByteCounter(unknown)],
    ['BoundedSink', () => new BoundedSink(unknown)],
    ['LineSplitter', () => new LineSplitter(unknown)],
    ['FallbackDecoder', () => new FallbackDecoder(unknown)],
    ['BinaryGuard', () => new BinaryGuard(unknown)],
    ['LineClipper', () => new LineClipper(unknown)],
  ])('should be ignored by %s, which keeps its defaults', (_name, construct) => {
    expect(construct).not.toThrow();
  });

  it('should be ignored by pipeline(), run(), capture(), readBytesAsUtf8() and readLines()', async () => {
    const file = join(await makeTempDir('pipeguard-unknown-'), 'a.txt');
    await writeFile(file, 'one\ntwo\n');
    expect((await pipeline(Readable.from([Buffer.from('x')]), unknown)).text).toBe('x');
    expect((await run('echo', ['ok'], unknown)).stdout.text).toBe('ok\n');
    const child = spawn('echo', ['child'], { stdio: ['ignore', 'pipe', 'pipe'] });
    expect((await capture(child, unknown)).stdout.text).toBe('child\n');
    expect((await readBytesAsUtf8(file, unknown)).text).toBe('one\ntwo\n');
    expect((await readLines(file, unknown)).lineCount).toBe(2);
  });
});

describe('capture', () => {
  it.each([
    [
      { timeout: -1 },
      RangeError,
      'The "timeout" option must be a non-negative safe integer or null. Received -1',
    ],
    [
      { pipeGrace: 1.5 },
      RangeError,
      'The "pipeGrace" option must be a non-negative safe integer. Received 1.5',
    ],
    [
      { processGroup: 'yes' },
      TypeError,
      `The "processGroup" option must be of type boolean. Received type string ('yes')`,
    ],
    [{ all: 1 }, TypeError, 'The "all" option must be of type boolean. Received type number (1)'],
  ])('should throw for invalid options %j before reading', (options, errorClass, message) => {
    const child = spawn('true', [], { stdio: ['ignore', 'pipe', 'pipe'] });
    const call = () => capture(child, options as never);
    expect(call).toThrow(errorClass);
    expect(call).toThrow(message);
  });
});
