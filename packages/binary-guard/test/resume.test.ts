import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { collectBytes } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { UNTERMINATED_TAIL_MIN_BYTES } from '../src/clean-text';
import { BinaryGuard, type BinaryGuardOptions } from '../src/index';
import { NUL_RUN_BYTES } from '../src/nul-run';
import { seededBytes } from './corpus';
import { runGuard } from './run-guard';

/** Runs `script` in `sh` and streams its stdout through a new guard. */
async function guardCommand(script: string, options?: BinaryGuardOptions) {
  const child = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const guard = new BinaryGuard(options);
  const raw: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => raw.push(chunk));
  const output = collectBytes(guard);
  await pipeline(child.stdout, guard);
  return { text: (await output).toString('latin1'), guard, raw: Buffer.concat(raw) };
}

const placeholder = (bytes: number, from: number) =>
  new RegExp(
    `^\\[binary output withheld: stdout, ${bytes} bytes from byte ${from}, \\d+\\.\\d% control bytes\\. .+\\]$`,
  );

describe('BinaryGuard', () => {
  describe('text before binary in the first window', () => {
    it('should keep the complete lines before random bytes when the stream is `printf hello; head -c 1000 /dev/urandom`', async () => {
      const { text, guard } = await guardCommand("printf 'hello\\n'; head -c 1000 /dev/urandom");
      const [kept, line, end] = text.split('\n');
      expect([kept, end]).toEqual(['hello', '']);
      expect(line).toMatch(placeholder(1000, 6));
      expect(guard.stats).toMatchObject({ passedBytes: 6, withheldBytes: 1000, withheldFrom: 6 });
    });
  });

  describe('resuming after binary', () => {
    it('should keep header and trailer around one placeholder when the stream is `echo header; cat /bin/ls; echo trailer`', async () => {
      const size = statSync('/bin/ls').size;
      const { text, guard } = await guardCommand('echo header; cat /bin/ls; echo trailer');
      const lines = text.split('\n');
      expect([lines[0], lines[2], lines[3]]).toEqual(['header', 'trailer', '']);
      expect(lines[1]).toMatch(placeholder(size, 7));
      expect(guard.stats).toMatchObject({
        passedBytes: 15,
        withheldBytes: size,
        withheldRuns: [{ offset: 7, bytes: size }],
        withheldRunCount: 1,
      });
    });

    it('should pass the whole text after binary when a window edge cuts a character and the next chunk holds only part of the rest', async () => {
      // Found by pnpm test:fuzz: the window [1024, 2048) ends on the lead byte of a 3-byte character whose
      // first continuation byte ends the chunk; the clean text in that window was withheld with the binary.
      const binary = Buffer.concat([seededBytes(1150), Buffer.from([0x01])]);
      const text = Buffer.from('\uFB5F\n'.repeat(512));
      const bytes = Buffer.concat([binary, text]);
      const { output, guard } = await runGuard([bytes.subarray(0, 2049), bytes.subarray(2049)], {
        guardWindowBytes: 1024,
        emitPlaceholder: false,
      });
      expect(output.toString('hex')).toBe(text.toString('hex'));
      expect(guard.stats.withheldRuns).toEqual([
        { offset: 0, bytes: 1151, controlShare: expect.any(Number) },
      ]);
    });

    it('should pass clean text that ends the stream without a line feed when the stream is `echo header; cat /bin/ls; printf trailer`', async () => {
      const size = statSync('/bin/ls').size;
      const { text, guard } = await guardCommand('echo header; cat /bin/ls; printf trailer');
      const lines = text.split('\n');
      expect([lines[0], lines[2], lines.length]).toEqual(['header', 'trailer', 3]);
      expect(lines[1]).toMatch(placeholder(size, 7));
      expect(guard.stats).toMatchObject({ passedBytes: 14, withheldBytes: size, withheldRunCount: 1 });
    });

    it.each([
      ['/bin/ls', 'cat /bin/ls'],
      ['/bin/sh', 'cat /bin/sh'],
      ['a gzip of /bin/ls', 'gzip -c /bin/ls'],
    ])('should withhold %s to its last byte after a line of text', async (_name, command) => {
      const { text, guard, raw } = await guardCommand(`echo header; ${command}`);
      const lines = text.split('\n');
      expect([lines[0], lines.length]).toEqual(['header', 3]);
      expect(lines[1]).toMatch(placeholder(raw.length - 7, 7));
      expect(guard.stats).toMatchObject({ passedBytes: 7, withheldBytes: raw.length - 7 });
    });

    it(`should withhold a clean tail shorter than ${UNTERMINATED_TAIL_MIN_BYTES.utf8} bytes that ends no line, and pass one that long`, async () => {
      // Byte values in turn, ending on a control byte (0x01).
      const binary = Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256));
      const short = 'x'.repeat(UNTERMINATED_TAIL_MIN_BYTES.utf8 - 1);
      const long = 'x'.repeat(UNTERMINATED_TAIL_MIN_BYTES.utf8);
      const options = { guardWindowBytes: 1024, emitPlaceholder: false };
      const withheld = await runGuard([Buffer.from('text\n'), binary, Buffer.from(short)], options);
      expect(withheld.output.toString()).toBe('text\n');
      expect(withheld.guard.stats).toMatchObject({ passedBytes: 5, withheldBytes: 3000 + short.length });
      const passed = await runGuard([Buffer.from('text\n'), binary, Buffer.from(long)], options);
      expect(passed.output.toString()).toBe(`text\n${long}`);
      expect(passed.guard.stats).toMatchObject({ passedBytes: 5 + long.length, withheldBytes: 3000 });
    });

    it('should put one placeholder per binary run in its place when text comes between two binaries', async () => {
      const size = statSync('/bin/ls').size;
      const { text, guard } = await guardCommand('echo a; cat /bin/ls; seq 1 30000; cat /bin/ls; echo end');
      const numbers = Array.from({ length: 30000 }, (_, index) => `${index + 1}\n`).join('');
      const lines = text.split('\n');
      expect(lines[1]).toMatch(placeholder(size, 2));
      expect(lines.at(-3)).toMatch(placeholder(size, 2 + size + numbers.length));
      expect(text).toContain(`\n${numbers}[binary`);
      expect(lines.slice(-2)).toEqual(['end', '']);
      expect(guard.stats.withheldRuns.map((run) => run.offset)).toEqual([2, 2 + size + numbers.length]);
      expect(guard.placeholder).toMatch(
        new RegExp(`^\\[binary output withheld: stdout, ${2 * size} bytes in 2 runs: `),
      );
    });

    it('should map output offsets to input offsets across withheld runs and placeholders', async () => {
      const size = statSync('/bin/ls').size;
      const script = 'echo header; cat /bin/ls; echo trailer';
      const bare = await guardCommand(script, { emitPlaceholder: false });
      expect(bare.text).toBe('header\ntrailer\n');
      expect([0, 6, 7, 14, 15].map((at) => bare.guard.sourceOffsetOf(at))).toEqual([
        0,
        6,
        7 + size,
        14 + size,
        15 + size,
      ]);
      expect([-1, 16, 0.5].map((at) => bare.guard.sourceOffsetOf(at))).toEqual([null, null, null]);
      const { text, guard } = await guardCommand(script);
      const trailer = text.indexOf('trailer');
      expect([7, trailer - 1, trailer].map((at) => guard.sourceOffsetOf(at))).toEqual([7, 7, 7 + size]);
    });

    it('should answer for the last MiB of output and forget older offsets, whatever the stream length', async () => {
      const script = 'for i in 1 2 3 4 5 6; do head -c 300000 /dev/urandom; seq 1 100000; done';
      const { guard } = await guardCommand(script, { emitPlaceholder: false });
      const passed = guard.passedBytes;
      expect(guard.stats.withheldRunCount).toBe(6);
      expect(guard.sourceOffsetOf(passed - 1)).toBe(passed + guard.withheldBytes - 1);
      expect(guard.sourceOffsetOf(0)).toBeNull();
    });
  });

  describe('NUL runs', () => {
    it('should pass NUL-delimited listings byte for byte when they come from find -print0 and git ls-files -z', async () => {
      for (const script of [
        'find /usr/share -xdev -print0 2>/dev/null | head -c 300000',
        'git ls-files -z',
      ]) {
        const { text, guard, raw } = await guardCommand(script);
        expect(raw.length).toBeGreaterThan(1000);
        expect(Buffer.from(text, 'latin1')).toEqual(raw);
        expect(guard.withheld).toBe(false);
      }
    });

    it(`should pass ${NUL_RUN_BYTES - 1} empty fields in a row and withhold ${NUL_RUN_BYTES} NULs of padding`, async () => {
      const fields = `printf '%s\\0' name${' ""'.repeat(NUL_RUN_BYTES - 2)} size; seq 1 100 | tr '\\n' '\\0'`;
      const delimited = await guardCommand(fields);
      expect(delimited.guard.stats).toMatchObject({ withheld: false, encoding: 'utf-8' });
      expect(delimited.text.split('\0').length).toBe(NUL_RUN_BYTES + 101);
      const padded = await guardCommand(`seq 1 100; head -c ${NUL_RUN_BYTES * 40} /dev/zero; echo end`, {
        guardWindowBytes: 1024,
      });
      expect(padded.guard.stats.withheldRuns).toEqual([
        { offset: 292, bytes: NUL_RUN_BYTES * 40, controlShare: expect.any(Number) },
      ]);
      expect(padded.text).toMatch(/^1\n2\n[\s\S]*\n100\n\[binary output withheld: [^\n]+\]\nend\n$/);
    });

    it('should withhold the padding of `tar cf -`, /dev/zero and a sparse file', async () => {
      const tar = await guardCommand('cd /work/main && tar cf - package.json pnpm-workspace.yaml');
      expect(tar.guard.stats).toMatchObject({ passedBytes: 0, withheldFrom: 0 });
      const zeros = await guardCommand('head -c 100000 /dev/zero');
      expect(zeros.guard.stats).toMatchObject({ passedBytes: 0, withheldBytes: 100000 });
      const sparse = await guardCommand(
        "f=$(mktemp); truncate -s 1M $f; printf 'log start\\n' | dd of=$f conv=notrunc 2>/dev/null; echo 'log end' >> $f; cat $f; rm $f",
        { emitPlaceholder: false },
      );
      expect(sparse.text).toBe('log start\nlog end\n');
      expect(sparse.guard.stats.withheldRuns).toEqual([
        { offset: 10, bytes: 1024 * 1024 - 10, controlShare: 1 },
      ]);
    });
  });
});
