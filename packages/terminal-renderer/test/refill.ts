import type { TerminalRenderer } from '../src/index';

/**
 * Writes `chunks` to `renderer` from one buffer that the writer refills with the next chunk in each
 * write's callback, as a writer may once called back, while nobody reads: the renderer's readable side
 * fills and holds its output until reading starts, `readAfter` turns of the event loop after the last
 * write is issued (or once the writes stall). Resolves with everything it emitted.
 */
export async function renderFromOneBuffer(
  renderer: TerminalRenderer,
  chunks: readonly Buffer[],
): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(1, ...chunks.map((chunk) => chunk.length)));
  const output: Buffer[] = [];
  const ended = new Promise<void>((resolve, reject) => {
    renderer.on('end', resolve).on('error', reject);
  });
  let written = 0;
  const writeNext = (): void => {
    if (written === chunks.length) {
      renderer.end();
      return;
    }
    const chunk = chunks[written++] as Buffer;
    // The same memory every time: what the renderer keeps of the last chunk is overwritten now.
    buffer.fill(0x3f);
    chunk.copy(buffer);
    renderer.write(buffer.subarray(0, chunk.length), (error) => {
      if (!error) writeNext();
    });
  };
  writeNext();
  // Reading starts only once the writes have run as far as they can without a reader.
  for (let turn = 0; turn < 8; turn++) await new Promise(setImmediate);
  renderer.on('data', (piece: Buffer) => output.push(Buffer.from(piece)));
  await ended;
  return Buffer.concat(output);
}
