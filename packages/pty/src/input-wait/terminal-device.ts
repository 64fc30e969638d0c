/** The first major number of Unix98 pseudo-terminal slaves (`/dev/pts/N`): Linux's devices.txt. */
const PTS_FIRST_MAJOR = 136;
const PTS_LAST_MAJOR = 143;

/**
 * The path of the pseudo-terminal whose device number /proc's `tty_nr` gives (`/dev/pts/N`), or `null`
 * for another kind of terminal. The number is the kernel's user encoding: major in bits 8–19, minor in
 * bits 0–7 and 20–31.
 */
export function ptsPathOf(ttyNr: number): string | null {
  const major = (ttyNr >>> 8) & 0xfff;
  const minor = (ttyNr & 0xff) | ((ttyNr >>> 12) & 0xfff00);
  if (major < PTS_FIRST_MAJOR || major > PTS_LAST_MAJOR) return null;
  // Majors after the first each held 256 more terminals before minors grew past eight bits.
  return `/dev/pts/${(major - PTS_FIRST_MAJOR) * 256 + minor}`;
}
