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

// Every options object rejects a key it does not know, naming it (issue 20: a misspelt key was ignored).
const unknown = { maxbytes: 5 } as never;
const namesIt = /unknown option "maxbytes"/;

describe('unknown option keys', () => {
  it.each([
    ['ByteCounter', () => new ByteCounter(unknown)],
    ['BoundedSink', () => new BoundedSink(unknown)],
    ['LineSplitter', () => new LineSplitter(unknown)],
    ['FallbackDecoder', () => new FallbackDecoder(unknown)],
    ['BinaryGuard', () => new BinaryGuard(unknown)],
    ['LineClipper', () => new LineClipper(unknown)],
  ])('should be rejected by %s with a TypeError naming the key', (_name, construct) => {
    expect(construct).toThrow(TypeError);
    expect(construct).toThrow(namesIt);
  });

  it('should be rejected by pipeline(), run(), capture(), readBytesAsUtf8() and readLines()', async () => {
    const file = join(await makeTempDir('pipeguard-unknown-'), 'a.txt');
    await writeFile(file, 'one\ntwo\n');
    const child = spawn('true', [], { stdio: ['ignore', 'pipe', 'pipe'] });
    const calls = [
      () => pipeline(Readable.from([Buffer.from('x')]), unknown),
      () => run('echo', ['ok'], unknown),
      () => capture(child, unknown),
      () => readBytesAsUtf8(file, unknown),
      () => readLines(file, unknown),
    ];
    for (const call of calls) await expect((async () => call())()).rejects.toThrow(namesIt);
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
