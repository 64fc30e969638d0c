import { closeSync, openSync, readSync } from 'node:fs';

/**
 * `bytes` bytes of the kernel's random source, as hex: what `crypto.randomBytes` draws from, read from
 * /dev/urandom (Linux, as the markers and cgroups it names): node:crypto loads 17 modules at each start.
 */
export function randomHex(bytes: number): string {
  const buffer = Buffer.alloc(bytes);
  const fd = openSync('/dev/urandom', 'r');
  try {
    for (let filled = 0; filled < bytes; ) filled += readSync(fd, buffer, filled, bytes - filled, null);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('hex');
}
