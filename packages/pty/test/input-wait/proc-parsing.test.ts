import { describe, expect, it } from 'vitest';
import { parseProcessStat } from '../../src/input-wait/process-stat';
import { inputSyscall, parseTaskSyscall } from '../../src/input-wait/syscalls';
import { ptsPathOf } from '../../src/input-wait/terminal-device';
import { isPasswordReaderModes, parseSttyModes } from '../../src/input-wait/terminal-modes';

describe('parseProcessStat', () => {
  it('should read the fields after a name holding spaces and parentheses', () => {
    const line = '4242 (my (odd) name) S 4241 4242 4242 34817 4250 4194560 93 0 0 0 0 0 0 0 20 0 1 0';
    expect(parseProcessStat(line)).toEqual({
      pid: 4242,
      name: 'my (odd) name',
      state: 'S',
      ppid: 4241,
      pgrp: 4242,
      session: 4242,
      ttyNr: 34817,
      tpgid: 4250,
    });
  });

  it('should refuse a line that is not a stat line', () => {
    expect(parseProcessStat('')).toBeNull();
    expect(parseProcessStat('12 (x) S 1')).toBeNull();
  });
});

describe('parseTaskSyscall and inputSyscall', () => {
  it('should read a blocked call, a running task and a fault', () => {
    expect(parseTaskSyscall('0 0x3 0x7ffd0 0x1 0x24 0x0 0x0 0x7ffd8 0x7f2ad\n')).toEqual({
      kind: 'call',
      number: 0,
      args: [3, 0x7ffd0, 1, 0x24, 0, 0],
    });
    expect(parseTaskSyscall('running\n')).toEqual({ kind: 'running' });
    expect(parseTaskSyscall('-1 0x7ffd8 0x7f2ad\n')).toEqual({ kind: 'none' });
  });

  it('should know the input calls of x64 and arm64 by their own numbers', () => {
    expect(inputSyscall(0, 'x64')).toEqual({ name: 'read', kind: 'read' });
    expect(inputSyscall(281, 'x64')).toEqual({ name: 'epoll_pwait', kind: 'epoll' });
    expect(inputSyscall(63, 'arm64')).toEqual({ name: 'read', kind: 'read' });
    expect(inputSyscall(73, 'arm64')).toEqual({ name: 'ppoll', kind: 'poll' });
    // 230 is clock_nanosleep on x64 (sleep): no input.
    expect(inputSyscall(230, 'x64')).toBeNull();
    expect(inputSyscall(0, 'riscv64')).toBeNull();
  });
});

describe('ptsPathOf', () => {
  it.each([
    [(136 << 8) | 1, '/dev/pts/1'],
    [(136 << 8) | 255, '/dev/pts/255'],
    // Minor 256 and up spill into bits 20 and over.
    [(136 << 8) | (256 << 12), '/dev/pts/256'],
    [(137 << 8) | 3, '/dev/pts/259'],
    [(4 << 8) | 1, null],
    [0, null],
  ])('should name device %i %s', (ttyNr, path) => {
    expect(ptsPathOf(ttyNr)).toBe(path);
  });
});

describe('parseSttyModes and isPasswordReaderModes', () => {
  const stty = (lflags: string) => `speed 38400 baud; rows 50; columns 400; line = 0;\n${lflags}\n`;

  it('should read the modes pipeguard sets before a command starts: echo off, nothing else changed', () => {
    const modes = parseSttyModes(stty('isig icanon iexten -echo echoe echok -echonl -noflsh'));
    expect(modes).toEqual({ echo: false, canonical: true, signals: true, echoKill: true });
    expect(isPasswordReaderModes(modes!)).toBe(false);
  });

  it("should see bash's read -s (kill echo off too) and getpass (signals off) as password readers", () => {
    expect(isPasswordReaderModes(parseSttyModes(stty('isig icanon -echo -echok'))!)).toBe(true);
    expect(isPasswordReaderModes(parseSttyModes(stty('-isig icanon -echo echok'))!)).toBe(true);
    // A key-at-a-time reader (readline, a pager) turns those off too, but is no password reader.
    expect(isPasswordReaderModes(parseSttyModes(stty('-isig -icanon -echo echok'))!)).toBe(false);
  });

  it('should refuse output that does not list every mode', () => {
    expect(parseSttyModes('stty: /dev/pts/9: No such file or directory')).toBeNull();
  });
});
