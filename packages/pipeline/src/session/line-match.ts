import { StringDecoder } from 'node:string_decoder';
import { lineText } from '@pipeguard/pty';

/** Characters of an unfinished line kept for matching; a longer line is matched on its end. */
const MAX_PENDING_LINE_CHARS = 64 * 1024;
/** What makes a line's text differ from what a terminal shows: escape sequences, carriage returns, backspaces. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it finds.
const DRAWING = /[\x1b\r\b]/;

/** Whether `chunk` holds an escape, a carriage return or a backspace. */
function hasDrawing(chunk: Buffer): boolean {
  return chunk.includes(0x1b) || chunk.includes(0x0d) || chunk.includes(0x08);
}

/**
 * Watches output for a line, as a terminal shows it (escape sequences and redraws applied), that contains a
 * string or matches a RegExp; the line in progress counts too, so that a prompt without its line end is found.
 */
export class LineMatch {
  readonly #match: string | RegExp;
  /** The literal's UTF-8 bytes, when it is one line: plain output is searched as bytes, not decoded. */
  readonly #needle: Buffer | null;
  #decoder = new StringDecoder('utf8');
  #pending = '';

  constructor(match: string | RegExp) {
    this.#match = match;
    this.#needle = typeof match === 'string' && !match.includes('\n') ? Buffer.from(match) : null;
  }

  /** Takes a chunk of output; `true` once a line matches. */
  add(chunk: Buffer): boolean {
    const lineFeed = chunk.indexOf(0x0a);
    // Plain text and a one-line literal: the whole lines searched in the bytes (memmem); only the line
    // pending at each end is decoded, so a chatty command's output is not decoded twice.
    if (this.#needle !== null && lineFeed !== -1 && !hasDrawing(chunk) && !DRAWING.test(this.#pending)) {
      const first = this.#pending + this.#decoder.write(chunk.subarray(0, lineFeed));
      const found = first.includes(this.#match as string) || chunk.includes(this.#needle, lineFeed);
      this.#decoder = new StringDecoder('utf8');
      const rest = this.#decoder.write(chunk.subarray(chunk.lastIndexOf(0x0a) + 1));
      this.#pending = rest.slice(-MAX_PENDING_LINE_CHARS);
      return found;
    }
    const text = this.#pending + this.#decoder.write(chunk);
    if (typeof this.#match === 'string' && !hasDrawing(chunk) && !DRAWING.test(this.#pending)) {
      this.#pending = text.slice(text.lastIndexOf('\n') + 1).slice(-MAX_PENDING_LINE_CHARS);
      return text.includes(this.#match);
    }
    const lines = text.split('\n');
    this.#pending = (lines.pop() as string).slice(-MAX_PENDING_LINE_CHARS);
    return lines.some((line) => this.#test(line)) || (this.#pending !== '' && this.#test(this.#pending));
  }

  #test(line: string): boolean {
    const shown = DRAWING.test(line) ? lineText(Buffer.from(line)) : line;
    if (typeof this.#match === 'string') return shown.includes(this.#match);
    this.#match.lastIndex = 0;
    return this.#match.test(shown);
  }
}
