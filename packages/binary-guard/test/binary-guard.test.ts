import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import {
  chunksOf,
  collectBytes,
  cutAt,
  describeStageContract,
  everySplit,
  feed,
} from '@pipeguard/test-utils';
import iconv from 'iconv-lite';
import { Readable } from 'readable-stream';
import { describe, expect, it } from 'vitest';
import { BinaryGuard } from '../src/index';
import { formatPlaceholder } from '../src/placeholder';
import { pngImage, prose, seededBytes } from './corpus';
import { discard, runGuard } from './run-guard';

const PLACEHOLDER =
  /^\[binary output withheld: (.+), (\d+) bytes from byte (\d+), (\d+\.\d)% control bytes\. To inspect it, redirect it to a file: (.+) (2?>) out\.bin, then run file out\.bin or xxd out\.bin \| head\]\n$/;
const NOTES = Buffer.from(
  prose(['Meeting notes: ship the café menu 🍰 on Friday.', 'Ask Zoë about the 東京 order.']),
);

function placeholderOf(output: Buffer, from: number): RegExpExecArray {
  const match = PLACEHOLDER.exec(output.subarray(from).toString('utf8'));
  if (!match) throw new Error(`no placeholder in ${JSON.stringify(output.subarray(from).toString('utf8'))}`);
  return match;
}

describe('BinaryGuard', () => {
  describe('options', () => {
    it('should not mutate the options object when constructed and used', async () => {
      const options = Object.freeze({ label: 'stderr', guardWindowBytes: 2048, command: 'cat a.bin' });
      const { guard } = await runGuard([seededBytes(5000)], options);
      expect(guard.stats.label).toBe('stderr');
    });

    it('should use the defaults when no options are given', () => {
      expect(new BinaryGuard().stats).toEqual({
        label: 'stdout',
        withheld: false,
        withheldBytes: 0,
        withheldFrom: null,
        controlShare: null,
        withheldRuns: [],
        withheldRunCount: 0,
        passedBytes: 0,
        heldBytes: 0,
        encoding: 'utf-8',
        verdicts: { 'utf-8': 0, legacy: 0, 'utf-16le': 0, 'utf-16be': 0, binary: 0 },
        segments: [],
        placeholder: null,
      });
    });
  });

  describe('text', () => {
    it('should pass UTF-8 chunk by chunk as it arrives once the stream is known to be text', async () => {
      const guard = new BinaryGuard();
      const banner = `${'Listening on http://localhost:3000 🚀 '.repeat(8)}\n`;
      guard.write(Buffer.from(banner));
      const [first] = (await once(guard, 'data')) as [Buffer];
      expect(first.toString()).toBe(banner);
      guard.write(Buffer.from('GET / 200\n'));
      const [second] = (await once(guard, 'data')) as [Buffer];
      expect(second.toString()).toBe('GET / 200\n');
      expect(guard.stats.heldBytes).toBe(0);
    });

    it('should hold the first 256 bytes until they are known to be text, so a binary stream shows only the placeholder', async () => {
      const random = Buffer.concat([Buffer.from('B\r'), seededBytes(4000)]);
      const { output, guard } = await runGuard(cutAt(random, [2, 100]));
      expect(output.toString()).toMatch(/^\[binary output withheld: stdout, 4002 bytes from byte 0, /);
      expect(guard.passedBytes).toBe(0);
      const held = new BinaryGuard();
      held.write(Buffer.from('Password: '));
      // Examined a microtask after the write.
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      expect(held.stats.heldBytes).toBe(10);
    });

    it('should pass a multi-byte character split at every byte when it straddles chunks', async () => {
      const bytes = Buffer.from('aé€😀\0\x01b');
      for (const chunks of everySplit(bytes)) {
        const { output, guard } = await runGuard(chunks);
        expect(output).toEqual(bytes);
        expect(guard.segments).toEqual([
          { verdict: 'utf-8', offset: 0, bytes: bytes.length, controlShare: null },
        ]);
      }
    });

    it('should pass each text chunk at once, as views of it, holding only a copy of the undecided bytes that end it', async () => {
      const text = Buffer.from(
        prose(['東京の天気は晴れ。', 'Zoë’s café 🚀', '\x1b[32mok\x1b[39m done'], 20_000),
      );
      // Cuts one byte into a character, so every chunk but the last ends inside one.
      const cuts = [4096, 8192, 12_288].map((near) => text.indexOf(Buffer.from('東'), near) + 1);
      // Each chunk in memory of its own, as a file stream reads them.
      const chunks = cutAt(text, cuts).map((chunk) => Buffer.from(new Uint8Array(chunk).buffer));
      const guard = new BinaryGuard();
      const outputs: Buffer[] = [];
      guard.on('data', (chunk: Buffer) => outputs.push(chunk));
      await pipeline(Readable.from(chunks), guard);
      expect(Buffer.concat(outputs).equals(text)).toBe(true);
      // Each chunk passes as a view of itself, after the copied bytes its predecessor left undecided:
      // the writer may refill a chunk once called back, so what outlives a write is a copy.
      const views = outputs.filter((output) => chunks.some((chunk) => chunk.buffer === output.buffer));
      const copies = outputs.filter((output) => !views.includes(output));
      expect(views.map((view) => chunks.findIndex((chunk) => chunk.buffer === view.buffer))).toEqual([
        0, 1, 2, 3,
      ]);
      expect(copies).toHaveLength(chunks.length - 1);
      for (const copy of copies) expect(copy.length).toBeLessThanOrEqual(260);
    });

    it('should give a chunk over 64 KiB the output and stats of 64 KiB chunks, passing text whole', async () => {
      const legacy = iconv.encode(prose(['Всё смешалось в доме Облонских.'], 300_000), 'cp1251');
      const text = Buffer.from(prose(['Zoë’s café 🚀', '東京の天気は晴れ。'], 200_000));
      for (const bytes of [legacy, text, Buffer.concat([text, legacy])]) {
        const whole = await runGuard([bytes]);
        const chunked = await runGuard(chunksOf(bytes, 64 * 1024));
        expect(whole.output.equals(chunked.output)).toBe(true);
        expect(whole.guard.stats).toEqual(chunked.guard.stats);
      }
      const guard = new BinaryGuard();
      const outputs: Buffer[] = [];
      guard.on('data', (chunk: Buffer) => outputs.push(chunk));
      await pipeline(Readable.from([text]), guard);
      expect(outputs).toHaveLength(1);
      expect(outputs[0]).toBe(text);
    });

    it('should take a 64 KiB chunk without asking the writer to wait', () => {
      const guard = new BinaryGuard();
      expect(guard.writableHighWaterMark).toBe(128 * 1024);
      expect(guard.write(Buffer.alloc(64 * 1024, 'a'))).toBe(true);
    });

    it('should keep CRLF when it is split across chunks', async () => {
      const { output } = await runGuard([Buffer.from('line one\r'), Buffer.from('\nline two\r\n')]);
      expect(output.toString()).toBe('line one\r\nline two\r\n');
    });

    it('should ignore an empty chunk when it arrives between others', async () => {
      const { output, guard } = await runGuard([Buffer.from('ab'), Buffer.alloc(0), Buffer.from('c')]);
      expect(output.toString()).toBe('abc');
      expect(guard.passedBytes).toBe(3);
    });

    it('should carry a UTF-8 character across a window edge when the stream is windowed', async () => {
      // A latin-1 byte opens a window; '€' (3 bytes) straddles its 1024-byte edge and must not be split.
      const bytes = Buffer.concat([Buffer.from([0xe9]), Buffer.alloc(1022, 'a'), Buffer.from('€ tail')]);
      const { output, guard } = await runGuard(chunksOf(bytes, 100), { guardWindowBytes: 1024 });
      expect(output).toEqual(bytes);
      expect(guard.segments).toEqual([
        { verdict: 'legacy', offset: 0, bytes: 1023, controlShare: 0 },
        { verdict: 'utf-8', offset: 1023, bytes: bytes.length - 1023, controlShare: null },
      ]);
      expect(guard.encoding).toBe('legacy');
    });

    it('should not split a surrogate pair when a UTF-16 window edge falls inside it', async () => {
      const text = `\uFEFF${'x'.repeat(510)}😀 and more text after the edge\n`;
      const bytes = Buffer.from(text, 'utf16le');
      const { output, guard } = await runGuard(chunksOf(bytes, 333), { guardWindowBytes: 1024 });
      expect(output).toEqual(bytes);
      expect(guard.segments.map(({ verdict, bytes: length }) => [verdict, length])).toEqual([
        ['utf-16le', 1022],
        ['utf-16le', bytes.length - 1022],
      ]);
    });
  });

  describe('binary', () => {
    it('should show only a short placeholder when 500 KB of random bytes arrive', async () => {
      const bytes = seededBytes(500_000);
      const { output, guard } = await runGuard(chunksOf(bytes, 65_536));
      const [text, label, count, from, share, command, redirect] = placeholderOf(output, 0);
      expect([label, count, from, command, redirect]).toEqual(['stdout', '500000', '0', 'COMMAND', '>']);
      expect(Number(share)).toBeCloseTo((guard.stats.controlShare as number) * 100, 1);
      expect(Number(share)).toBeGreaterThan(10);
      expect(text.trimEnd().length).toBeLessThanOrEqual(250);
      expect(guard.stats).toMatchObject({
        withheld: true,
        withheldBytes: 500_000,
        withheldFrom: 0,
        passedBytes: 0,
      });
    });

    it('should pass the notes and withhold the image when the stream is `cat notes.txt image.png`', async () => {
      const png = pngImage();
      const { output, guard } = await runGuard(chunksOf(Buffer.concat([NOTES, png]), 4096));
      expect(output.subarray(0, NOTES.length)).toEqual(NOTES);
      const [, , count, from] = placeholderOf(output, NOTES.length);
      expect([Number(count), Number(from)]).toEqual([png.length, NOTES.length]);
      expect(guard.verdicts).toEqual({ 'utf-8': 1, legacy: 0, 'utf-16le': 0, 'utf-16be': 0, binary: 1 });
    });

    it('should withhold an executable from its first byte when its header is valid UTF-8', async () => {
      const elf = Buffer.concat([
        Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]),
        Buffer.alloc(8),
        seededBytes(4000),
      ]);
      const { output, guard } = await runGuard([
        NOTES.subarray(0, 100),
        Buffer.concat([NOTES.subarray(100), elf]),
      ]);
      expect(guard.stats.withheldFrom).toBe(NOTES.length);
      expect(output.subarray(0, NOTES.length)).toEqual(NOTES);
      expect(Number(placeholderOf(output, NOTES.length)[2])).toBe(elf.length);
    });

    it('should pass legacy windows and withhold from the window where binary starts', async () => {
      const legacy = iconv.encode(prose(['Всё смешалось в доме Облонских.'], 20_000), 'cp1251');
      const bytes = Buffer.concat([legacy, seededBytes(20_000)]);
      const { output, guard } = await runGuard(chunksOf(bytes, 1000), { guardWindowBytes: 4096 });
      const from = guard.stats.withheldFrom as number;
      // Binary is judged per window: the window holding the boundary goes whichever way its share says.
      expect(from).toBeGreaterThan(legacy.length - 4096);
      expect(from).toBeLessThanOrEqual(legacy.length + 4096);
      expect(output.subarray(0, from)).toEqual(bytes.subarray(0, from));
      expect(guard.passedBytes + guard.withheldBytes).toBe(bytes.length);
      expect(guard.encoding).toBe('legacy');
    });

    it('should pass the text that follows binary again, after one placeholder for the binary', async () => {
      const bytes = Buffer.concat([seededBytes(3000), NOTES]);
      const { output, guard } = await runGuard(chunksOf(bytes, 700), { guardWindowBytes: 1024 });
      expect(guard.stats).toMatchObject({
        withheldBytes: 3000,
        passedBytes: NOTES.length,
        withheldRunCount: 1,
      });
      const firstLine = `${output.toString().split('\n')[0]}\n`;
      expect(PLACEHOLDER.exec(firstLine)?.slice(2, 4)).toEqual(['3000', '0']);
      expect(output.subarray(output.length - NOTES.length)).toEqual(NOTES);
    });

    it('should name the label, the command and a stderr redirect when they are given', async () => {
      const { output } = await runGuard([seededBytes(4000)], { label: 'stderr', command: 'cat photo.jpg' });
      const [, label, , , , command, redirect] = placeholderOf(output, 0);
      expect([label, command, redirect]).toEqual(['stderr', 'cat photo.jpg', '2>']);
    });

    it('should shorten a long label and fall back to COMMAND when the command is long', async () => {
      const { output } = await runGuard([seededBytes(4000)], {
        label: '/home/someone/projects/assets/photo.jpg',
        command: `cat ${'very/'.repeat(20)}long.bin`,
      });
      const [text, label, , , , command] = placeholderOf(output, 0);
      expect(label).toBe('…ojects/assets/photo.jpg');
      expect(command).toBe('COMMAND');
      expect(text.trimEnd().length).toBeLessThanOrEqual(250);
    });

    it('should stay within 250 characters when label, command and counts are at their longest', () => {
      const run = {
        label: 'l'.repeat(24),
        command: 'c'.repeat(36),
        bytes: 2 ** 40,
        from: 2 ** 40,
        controlShare: 1,
      };
      expect(formatPlaceholder(run).length).toBeLessThanOrEqual(250);
      expect(formatPlaceholder({ ...run, label: 'stderr' }).length).toBeLessThanOrEqual(250);
    });

    it('should leave the placeholder to the consumer when emitPlaceholder is false', async () => {
      const text = `${'plain text line\n'.repeat(20)}`;
      const { output, guard } = await runGuard([Buffer.from(text), seededBytes(4000)], {
        emitPlaceholder: false,
      });
      expect(output.toString()).toBe(text);
      expect(guard.placeholder).toMatch(/^\[binary output withheld: stdout, 4000 bytes from byte 320, /);
      expect(guard.stats.placeholder).toBe(guard.placeholder);
    });

    it('should put the placeholder on a line of its own when the text before it ends mid-line', async () => {
      const text = 'no newline at the end'.repeat(20);
      const { output } = await runGuard([Buffer.from(text), seededBytes(4000)]);
      expect(output.toString().startsWith(`${text}\n[binary output withheld: stdout, `)).toBe(true);
    });

    it('should encode the placeholder as UTF-16 when the passed text was UTF-16', async () => {
      const text = Buffer.from(`\uFEFF${'PowerShell line\r\n'.repeat(40)}`, 'utf16le');
      const { output, guard } = await runGuard([text, seededBytes(3000)], { guardWindowBytes: 1024 });
      expect(guard.encoding).toBe('utf-16le');
      const decoded = output.toString('utf16le');
      expect(decoded.startsWith(text.subarray(0, guard.passedBytes).toString('utf16le'))).toBe(true);
      expect(decoded).toMatch(
        /\[binary output withheld: stdout, \d+ bytes from byte \d+, [\d.]+% control bytes/,
      );
    });
  });

  describe('floors', () => {
    it('should emit nothing when the input is empty', async () => {
      const { output, guard } = await runGuard([]);
      expect(output.length).toBe(0);
      expect(guard.stats).toMatchObject({ withheld: false, passedBytes: 0, withheldBytes: 0, segments: [] });
    });

    it('should never withhold an input shorter than 256 bytes', async () => {
      const bytes = seededBytes(255);
      const { output, guard } = await runGuard([bytes]);
      expect(output).toEqual(bytes);
      expect(guard.withheld).toBe(false);
    });

    it('should withhold random bytes when they reach 256 bytes', async () => {
      const { guard } = await runGuard([seededBytes(256)]);
      expect(guard.withheld).toBe(true);
    });

    it('should pass a binary tail shorter than 256 bytes when text precedes it', async () => {
      const bytes = Buffer.concat([NOTES, seededBytes(200)]);
      const { output, guard } = await runGuard([bytes]);
      expect(output).toEqual(bytes);
      expect(guard.withheld).toBe(false);
    });
  });

  describe('memory and stats', () => {
    it('should hold at most one window plus one chunk when a long legacy stream flows', async () => {
      const chunk = iconv.encode(prose(['Ошибка: не удалось открыть файл.'], 20_000), 'cp1251');
      const guard = new BinaryGuard({ guardWindowBytes: 65_536 });
      guard.resume();
      let held = 0;
      for (let index = 0; index < 200; index++) {
        if (!guard.write(chunk)) await once(guard, 'drain');
        held = Math.max(held, guard.stats.heldBytes);
      }
      guard.end();
      await once(guard, 'end');
      expect(held).toBeLessThanOrEqual(65_536 + chunk.length);
      expect(guard.passedBytes).toBe(200 * chunk.length);
    });

    it('should keep the first 32 segments and count the rest when the stream is long', async () => {
      const bytes = iconv.encode(prose(['Всё смешалось в доме Облонских.'], 100_000), 'cp1251');
      const { guard } = await runGuard(chunksOf(bytes, 8192), { guardWindowBytes: 1024 });
      expect(guard.segments).toHaveLength(32);
      expect(guard.verdicts.legacy).toBeGreaterThan(90);
      expect(guard.segments.reduce((sum, segment) => sum + segment.bytes, 0)).toBeLessThan(bytes.length);
    });

    it('should hold the writer back when nobody reads the output', async () => {
      const guard = new BinaryGuard();
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let accepted = 0;
      while (accepted < 16 && guard.write(chunk)) {
        accepted++;
        await new Promise(setImmediate);
      }
      expect(accepted).toBeLessThanOrEqual(2);
      expect(guard.readableLength + guard.stats.heldBytes).toBeLessThanOrEqual(3 * chunk.length);
      guard.destroy();
    });

    it('should examine a written chunk a microtask after the write, and only then call it back', async () => {
      const guard = new BinaryGuard();
      guard.resume();
      let calledBack = false;
      guard.write(NOTES, () => {
        calledBack = true;
      });
      expect(guard.stats).toMatchObject({ passedBytes: 0, heldBytes: 0 });
      expect(guard.writableLength).toBe(NOTES.length);
      await new Promise<void>((resolve) => queueMicrotask(resolve));
      expect(guard.stats).toMatchObject({ passedBytes: NOTES.length, heldBytes: 0 });
      await new Promise(setImmediate);
      expect(calledBack).toBe(true);
      expect(guard.writableLength).toBe(0);
      guard.destroy();
    });

    it('should keep every byte when a consumer writes and ends from its data listener', async () => {
      // Legacy chunks longer than the window: the guard pushes a window and keeps the rest in one
      // examination, so a listener that writes or ends in between must wait for it.
      const text = iconv.encode(prose(['Ошибка: не удалось открыть файл.'], 10_000), 'cp1251');
      const half = text.length >> 1;
      const guard = new BinaryGuard({ guardWindowBytes: 1024 });
      const output = collectBytes(guard);
      guard.once('data', () => {
        guard.write(text.subarray(half));
        guard.end();
      });
      guard.write(text.subarray(0, half));
      expect(await output).toEqual(text);
      expect(guard.passedBytes).toBe(text.length);
    });

    it.each([
      ['an Error', new Error('listener failed'), NOTES, 65_536, 'listener failed'],
      // A falsy throw would read as success, and the bytes the examination had taken would be lost.
      [
        'a value that is not an Error',
        undefined,
        iconv.encode(prose(['Ошибка: не удалось открыть файл.'], 3000), 'cp1251'),
        1024,
        'threw undefined',
      ],
    ])(
      'should fail the stream when a listener throws %s while a chunk is examined',
      async (_kind, thrown, bytes, guardWindowBytes, message) => {
        const guard = new BinaryGuard({ guardWindowBytes });
        guard.once('data', () => {
          throw thrown;
        });
        await expect(pipeline(feed([bytes]), guard)).rejects.toThrow(message);
        expect(guard.destroyed).toBe(true);
      },
    );
  });

  describe('streams', () => {
    it('should reject with the error code when the guard is destroyed mid-stream', async () => {
      const guard = new BinaryGuard();
      const source = new Readable({
        read() {
          this.push(seededBytes(1000));
          guard.destroy(Object.assign(new Error('cancelled'), { code: 'ERR_CANCELLED' }));
        },
      });
      await expect(pipeline(source, guard, discard())).rejects.toMatchObject({
        code: 'ERR_CANCELLED',
      });
      expect(source.destroyed).toBe(true);
    });
  });
});

describeStageContract('BinaryGuard', {
  create: (options) => new BinaryGuard(options as never),
  knownOptions: ['label', 'guardWindowBytes', 'command', 'emitPlaceholder'],
  validOptions: [{ label: 'stderr', guardWindowBytes: 2048, command: 'cat a.bin', emitPlaceholder: false }],
  input: () => [NOTES, seededBytes(5000)],
  invalidOptions: [
    [null, TypeError, 'The "options" argument must be of type object. Received null'],
    ['stdout', TypeError, 'The "options" argument must be of type object. Received type string (\'stdout\')'],
    [
      { guardWindowBytes: '64k' },
      TypeError,
      'The "guardWindowBytes" option must be of type number. Received type string (\'64k\')',
    ],
    [
      { guardWindowBytes: 1023 },
      RangeError,
      'The "guardWindowBytes" option must be a safe integer greater than or equal to 1024. Received 1023',
    ],
    [
      { guardWindowBytes: 4096.5 },
      RangeError,
      'The "guardWindowBytes" option must be a safe integer greater than or equal to 1024. Received 4096.5',
    ],
    [
      { guardWindowBytes: Number.NaN },
      RangeError,
      'The "guardWindowBytes" option must be a safe integer greater than or equal to 1024. Received NaN',
    ],
    [{ label: 1 }, TypeError, 'The "label" option must be of type string. Received type number (1)'],
    [
      { emitPlaceholder: 'no' },
      TypeError,
      'The "emitPlaceholder" option must be of type boolean. Received type string (\'no\')',
    ],
    [{ label: '' }, RangeError, 'The "label" option must be a non-empty string. Received \'\''],
    [
      { command: ['ls'] },
      TypeError,
      'The "command" option must be of type string. Received an instance of Array',
    ],
    [
      { guardwindowbytes: 4096 },
      TypeError,
      'The "options" argument has an unknown option "guardwindowbytes" (did you mean "guardWindowBytes"?)',
    ],
  ],
});
