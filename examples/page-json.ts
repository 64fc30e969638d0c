import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readBytesAsUtf8, readLines } from '@pipeguard/file-window';

/**
 * A minified JSON file is one huge line: a line cap hides almost all of it. The marker says exactly
 * which bytes were left out, and byte windows read them, never splitting a character.
 */

const records = Array.from({ length: 400 }, (_, id) => ({
  id,
  city: ['Zürich', '東京', 'São Paulo'][id % 3],
}));
const dir = await mkdtemp(join(tmpdir(), 'pipeguard-example-'));
const file = join(dir, 'cities.min.json');
await writeFile(file, JSON.stringify(records));

const page = await readLines(file, { maxLineBytes: 60 });
console.log(page.text);

// Follow the marker: windows of 4 KiB from the first omitted byte to the end of the file.
let offset = page.clipped[0]?.omittedStart ?? 0;
const pieces: string[] = [];
for (let eof = false; !eof; ) {
  const window = await readBytesAsUtf8(file, { offset, windowBytes: 4096 });
  console.log(
    `window ${window.offset}..${window.nextOffset}: trimmed ${window.trimmedStartBytes} + ${window.trimmedEndBytes}`,
  );
  pieces.push(window.text);
  ({ nextOffset: offset, eof } = window);
}
const whole = await readFile(file, 'utf8');
console.log(`kept + windows = the whole file: ${whole.endsWith(pieces.join(''))}`);
await rm(dir, { recursive: true, force: true });
