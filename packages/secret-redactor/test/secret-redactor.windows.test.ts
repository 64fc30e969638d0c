import { Buffer } from 'node:buffer';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { nodeByteOps } from '@pipeguard/shared';
import { chunksOf } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { type RedactOptions, SecretRedactorCore } from '../src/core';
import { badCuts, leakedStretch, nodeLatin1, redactChunks, wholeAndCut } from './redact';

// A long line's window now ends where a write ends (ff7a07c, 1db3c81): what a window decides must not
// depend on where that is, nor keep the window alive past its write.

const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq9Xk2Lm4B';
const AWS_ACCESS = 'AKIAQ3EGRT7XZ2LPVW4N';

/** The least CPU time (µs) of three redactions of `line` in writes of `writeBytes`, and the redactions made. */
function leastCpuOfWrites(line: Buffer, writeBytes: number, options: RedactOptions = {}) {
  let micros = Number.POSITIVE_INFINITY;
  let redactions = 0;
  for (let round = 0; round < 3; round++) {
    const start = process.cpuUsage();
    const { stats } = redactChunks(chunksOf(line, writeBytes), options);
    const used = process.cpuUsage(start);
    micros = Math.min(micros, used.user + used.system);
    redactions = stats.redactions;
  }
  return { micros, redactions };
}

describe('SecretRedactor on a line longer than the hold', () => {
  it('should redact the secret key after an access key whatever write ends near it', () => {
    // Arrange: the secret key starts 21 bytes after its access key's anchor (`AKIA`, searched with `ahead`
    // 0): a window that commits the access key but not the secret key drops it, and the next window never
    // visits the anchor again.
    const line = Buffer.from(`${'.'.repeat(80)} ${AWS_ACCESS} ${AWS_SECRET} ${'.'.repeat(300)}\n`);
    const expected = `${'.'.repeat(80)} [REDACTED:aws-access-key] [REDACTED:aws-secret-key] ${'.'.repeat(300)}\n`;
    expect(redactChunks([line], { maxHoldBytes: 256 }).output.toString()).toBe(expected);
    // Act: every split in two writes (262–282 leak on main's build)
    const leaks = badCuts(line, AWS_SECRET, expected, { maxHoldBytes: 256 });
    // Assert
    expect(leaks).toEqual([]);
  });

  it('should redact the secret key after an access key with the default hold when a write ends 190 bytes past the key', () => {
    // Arrange
    const line = Buffer.from(`${'.'.repeat(4000)} ${AWS_ACCESS} ${AWS_SECRET} ${'.'.repeat(300)}\n`);
    const cut = line.indexOf('AKIA') + 190;
    // Act
    const { whole, split } = wholeAndCut(line, cut);
    // Assert
    expect(leakedStretch(whole, AWS_SECRET)).toBeNull();
    expect(leakedStretch(split, AWS_SECRET)).toBeNull();
    expect(split.toString()).toBe(whole.toString());
  });

  it('should emit the complete lines of a write in its own memory after the held line it ends', () => {
    // Arrange: the first write leaves a line open; the second ends it, then brings whole lines. Joining the
    // held line's output with those lines' cost a copy of the whole write.
    const core = new SecretRedactorCore({ byteOps: nodeByteOps, latin1: nodeLatin1 });
    const second = Buffer.from('ends here\nclean line one\nclean line two\n');
    const emitted: Uint8Array[] = [];
    // Act
    core.write(Buffer.from('an open line '), () => {});
    core.write(second, (bytes) => emitted.push(bytes));
    // Assert: the held line's output, then the lines as a view of the write, not a copy.
    expect(emitted.map((bytes) => Buffer.from(bytes).toString())).toEqual([
      'an open line ends here\n',
      'clean line one\nclean line two\n',
    ]);
    expect((emitted[1] as Uint8Array).buffer).toBe(second.buffer);
  });

  it('should hold no more than its bound across writes of 1 MiB of one line with a secret-named value in each', () => {
    // Arrange: each write carries a distinct name of 13 bytes or more (`SERVICE_000001_TOKEN`); the name
    // cache keeps each name, a slice of its window's Latin-1 text, which keeps that whole text (1 MiB) alive.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const MiB = 1024 * 1024;
    const writes = 48;
    const chunk = Buffer.alloc(MiB, 'abcd efgh ');
    const core = new SecretRedactorCore({ byteOps: nodeByteOps, latin1: nodeLatin1 });
    const emit = () => {};
    gc();
    const before = process.memoryUsage();
    // Act
    for (let index = 0; index < writes; index++) {
      Buffer.from(
        ` SERVICE_${String(index).padStart(6, '0')}_TOKEN=Zq9x${String(index).padStart(8, 'y')}Kp2 `,
      ).copy(chunk, MiB / 2);
      core.write(chunk, emit);
    }
    gc();
    gc();
    const after = process.memoryUsage();
    const retained = after.heapUsed + after.external - (before.heapUsed + before.external);
    // Assert: the hold is 4 KiB; allow 8 MiB for the heap's own noise (main's build keeps some 48 MiB).
    expect(core.stats.redactions).toBe(writes);
    expect(retained).toBeLessThan(8 * MiB);
  });

  it('should scan a line of quoted Authorization headers with no space in 1 MiB writes at the cost of 64 KiB writes', () => {
    // Arrange: `Authorization:"…"` sent the detector's quoted branch to a search for the next space of the
    // view: with no space, to the end of a window of up to 1 MiB, at every header. The work per byte must not
    // grow with the window: the same line in 1 MiB writes against 64 KiB writes (a ratio of one process's
    // CPU times, not a time).
    const MiB = 1024 * 1024;
    const unit = ',Authorization:"$TOKEN12"';
    const headers = Buffer.from(`${unit.repeat(Math.ceil((4 * MiB) / unit.length))}\n`);
    // Act
    const smallWrites = leastCpuOfWrites(headers, 64 * 1024).micros;
    const largeWrites = leastCpuOfWrites(headers, MiB).micros;
    // Assert: the same per byte (main's build before the fix: some 10-20x)
    expect(largeWrites / smallWrites).toBeLessThan(3);
  });

  it('should check a run of allowed tokens in 1 MiB writes at the cost of 64 KiB writes', () => {
    // Arrange: each `glpat-` of the run (tokens joined by `-`) is a candidate that an `allow` drops; it was
    // extended through the whole run before the check, which reads 140 bytes of it: quadratic in the window.
    const MiB = 1024 * 1024;
    const token = 'glpat-Zq9xY8wV7uT6sR5qP4oN-';
    const run = Buffer.from(`${token.repeat(Math.ceil(MiB / token.length))}\n`);
    const options = { allow: [/^glpat-/] };
    // Act
    const small = leastCpuOfWrites(run, 64 * 1024, options);
    const large = leastCpuOfWrites(run, MiB, options);
    // Assert: nothing redacted, and the same per byte (before the fix: over 100x)
    expect([small.redactions, large.redactions]).toEqual([0, 0]);
    expect(large.micros / small.micros).toBeLessThan(3);
  });
});
