import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from './temp-dir';

/**
 * Writes a stand-in for `sudo -k true` (sudo itself needs a password nobody has here): it prompts on
 * its controlling terminal, turns echo off and reads the terminal. With `flushTypedAhead` it first
 * discards what was typed ahead, as sudo does, so an end-of-file sent before the prompt cannot answer it.
 * Returns the script's path, in a folder removed when the calling test finishes.
 */
export async function writeSudoLikeScript(options: { flushTypedAhead: boolean }): Promise<string> {
  const script = join(await makeTempDir('pipeguard-sudo-like-'), 'sudo-like');
  const flush = "/usr/bin/python3 -c 'import termios; termios.tcflush(0, termios.TCIFLUSH)' <&3";
  const lines = [
    '#!/bin/sh',
    'exec 3<>/dev/tty',
    'printf "[sudo] password for %s: " "$(id -un)" >&3',
    'stty -echo <&3',
    ...(options.flushTypedAhead ? [flush] : []),
    // Reads until a line comes: an end-of-file typed ahead that the flush missed (a slow machine) is
    // consumed and the read begins again, as the prompt still stands.
    'until IFS= read -r password <&3; do :; done',
    'stty echo <&3',
    '',
  ];
  writeFileSync(script, lines.join('\n'));
  chmodSync(script, 0o755);
  return script;
}
