/**
 * Bytes the line discipline of a terminal in canonical mode would act on instead of passing: the
 * control characters of the default termios (^C ^D ^O ^Q ^R ^S ^U ^V ^W ^Z ^\ DEL) and CR, which ICRNL
 * turns into LF. Each is sent after ^V (LNEXT), which makes the next byte literal.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control bytes are what it finds.
const SPECIAL_BYTES = /[\x03\x04\x0f\x11\x12\x13\x15\x16\x17\x1a\x1c\x7f\r]/g;
const LITERAL_NEXT = '\x16';
const END_OF_FILE = '\x04';

/**
 * Bytes sent without a newline before ^D hands them to the reader: a canonical-mode terminal holds
 * one unfinished line of at most 4095 bytes and drops what comes after, so none may grow that long.
 * https://github.com/torvalds/linux/blob/master/drivers/tty/n_tty.c (N_TTY_BUF_SIZE)
 */
const MAX_UNFINISHED_LINE_BYTES = 2048;

/**
 * Encodes what a program should read from its terminal's stdin as the bytes to write to the
 * terminal, so that the program reads exactly those bytes and then, after {@link TerminalInput.end},
 * end-of-file. Echo is not its concern (the wrapper turns it off).
 */
export class TerminalInput {
  /** Bytes sent since the last newline or ^D, which the terminal holds as an unfinished line. */
  #unfinishedBytes = 0;

  /** The terminal bytes that deliver `bytes` to the reader. */
  encode(bytes: Buffer): Buffer {
    // latin1 maps each byte to one UTF-16 unit and back, so the native regex and indexOf scan bytes.
    const text = bytes.toString('latin1');
    let encoded = '';
    let start = 0;
    while (start < text.length) {
      const room = MAX_UNFINISHED_LINE_BYTES - this.#unfinishedBytes;
      const newline = text.indexOf('\n', start);
      const end =
        newline !== -1 && newline < start + room ? newline + 1 : Math.min(text.length, start + room);
      encoded += text.slice(start, end).replace(SPECIAL_BYTES, `${LITERAL_NEXT}$&`);
      if (text.charCodeAt(end - 1) === 0x0a) this.#unfinishedBytes = 0;
      else if (this.#unfinishedBytes + (end - start) === MAX_UNFINISHED_LINE_BYTES) {
        // ^D after a non-empty unfinished line hands it to the reader without ending the input.
        encoded += END_OF_FILE;
        this.#unfinishedBytes = 0;
      } else this.#unfinishedBytes += end - start;
      start = end;
    }
    return Buffer.from(encoded, 'latin1');
  }

  /** The bytes that end the input: ^D on an empty line is end-of-file (a first ^D hands over an unfinished line). */
  end(): Buffer {
    const eof = this.#unfinishedBytes > 0 ? END_OF_FILE + END_OF_FILE : END_OF_FILE;
    this.#unfinishedBytes = 0;
    return Buffer.from(eof, 'latin1');
  }
}
