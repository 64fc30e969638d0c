import { BinaryGuardCore } from '@pipeguard/binary-guard/core';
import { BoundedSinkCore } from '@pipeguard/bounded-sink/core';
import { ByteCounterCore } from '@pipeguard/byte-counter/core';
import { FallbackDecoderCore } from '@pipeguard/fallback-decoder/core';
import { LineClipperCore, LineSplitterCore } from '@pipeguard/line-splitter/core';
import { RepeatFolderCore } from '@pipeguard/repeat-folder/core';
import { portableLatin1, SecretRedactorCore } from '@pipeguard/secret-redactor/core';
import { describe, expect, it } from 'vitest';
import { portableByteOps, portableTextOps } from '../src/core';

const byteOps = portableByteOps;
const unit = { bytes: new Uint8Array([0x61]), terminator: '\n' as const, offset: 0 };

// Every stage's core with its smallest input: the contract `StageCore` states, checked on each.
const cores: [
  string,
  () => { write(input: never, emit: (out: unknown) => void): void; end(emit: (out: unknown) => void): void },
  unknown,
][] = [
  ['ByteCounterCore', () => new ByteCounterCore(), new Uint8Array(1)],
  ['LineSplitterCore', () => new LineSplitterCore({ byteOps }), new Uint8Array(1)],
  ['LineClipperCore', () => new LineClipperCore({ byteOps }), unit],
  ['FallbackDecoderCore', () => new FallbackDecoderCore({ byteOps, textOps: portableTextOps }), unit],
  ['BinaryGuardCore', () => new BinaryGuardCore({ byteOps }), new Uint8Array(1)],
  ['RepeatFolderCore', () => new RepeatFolderCore({ byteOps }), new Uint8Array(1)],
  ['BoundedSinkCore', () => new BoundedSinkCore({ byteOps }), new Uint8Array(1)],
  [
    'SecretRedactorCore',
    () => new SecretRedactorCore({ byteOps, latin1: (bytes) => portableLatin1(bytes, byteOps.isAscii) }),
    new Uint8Array(1),
  ],
];

describe('the stage cores', () => {
  it.each(cores)(
    '%s should throw when written to after its end, and emit nothing on a second end',
    (name, make, input) => {
      const core = make();
      core.write(input as never, () => {});
      core.end(() => {});
      expect(() => core.write(input as never, () => {})).toThrow(
        expect.objectContaining({
          code: 'ERR_STREAM_WRITE_AFTER_END',
          message: `${name} was written to after its end`,
        }),
      );
      const emitted: unknown[] = [];
      core.end((out) => {
        emitted.push(out);
      });
      expect(emitted).toEqual([]);
    },
  );

  it.each(cores.filter(([name]) => name !== 'ByteCounterCore'))(
    '%s should throw a TypeError when constructed without its byte scans',
    (_name, make) => {
      const Core = (make() as object).constructor as new (options: object) => unknown;
      expect(() => new Core({})).toThrow(TypeError);
    },
  );
});
