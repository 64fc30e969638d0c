/**
 * The four-byte words of a whole `ArrayBuffer`, the view kept for the last buffer asked for: the scans of
 * one chunk (a line splitter's search per line, a renderer's per run of text) all read the same buffer,
 * and a fresh `Uint32Array` per search (an allocation) cost more than the words saved on short lines.
 * It is a view, never a copy, so a buffer written after it was taken reads as it is now; a buffer that was
 * transferred or shrunk has a new length (0), and the view is taken again. Holds one buffer alive until
 * another is scanned.
 */
let wordsBuffer: ArrayBufferLike | null = null;
let words: Uint32Array = new Uint32Array(0);

/** Word `i` of the result covers bytes `[4i, 4i + 4)` of `buffer`; a last partial word is left out. */
export function wordsOfBuffer(buffer: ArrayBufferLike): Uint32Array {
  const count = buffer.byteLength >>> 2;
  if (buffer !== wordsBuffer || words.length !== count) {
    wordsBuffer = buffer;
    words = new Uint32Array(buffer, 0, count);
  }
  return words;
}
