import { execFile } from 'node:child_process';

/** The local modes of a terminal (termios `c_lflag`) that say how it takes input. */
export interface TerminalModes {
  /** ECHO: typed characters are shown. */
  echo: boolean;
  /** ICANON: input comes a line at a time (off: a key at a time, as pagers and editors take it). */
  canonical: boolean;
  /** ISIG: ^C and ^Z signal the program. */
  signals: boolean;
  /** ECHOK: the line-kill character is echoed (bash's `read -s` turns it off with ECHO). */
  echoKill: boolean;
}

/** A terminal's modes from `stty -a` output (GNU and BusyBox), or `null` when they are not all there. */
export function parseSttyModes(text: string): TerminalModes | null {
  const words = new Set(text.split(/[\s;]+/));
  const flag = (name: string): boolean | null =>
    words.has(name) ? true : words.has(`-${name}`) ? false : null;
  const echo = flag('echo');
  const canonical = flag('icanon');
  const signals = flag('isig');
  const echoKill = flag('echok');
  if (echo === null || canonical === null || signals === null || echoKill === null) return null;
  return { echo, canonical, signals, echoKill };
}

/**
 * Reads the modes of the terminal at `path` (`/dev/pts/N`) with `stty`, which opens it without becoming
 * its controlling process; `null` when that fails. Node has no tcgetattr: this is the one way without
 * native code, and it runs once per input wait found, never per sample.
 */
export function readTerminalModes(path: string): Promise<TerminalModes | null> {
  return new Promise((resolve) => {
    execFile('stty', ['-a', '-F', path], { timeout: 2000, windowsHide: true }, (error, stdout) => {
      resolve(error ? null : parseSttyModes(stdout));
    });
  });
}

/**
 * Whether the modes are those a password reader sets, beyond the echo that pipeguard's terminal has off
 * from the start: line input with kill echo off too (bash's `read -s`) or signals off (glibc's getpass).
 */
export function isPasswordReaderModes(modes: TerminalModes): boolean {
  return !modes.echo && modes.canonical && (!modes.echoKill || !modes.signals);
}
