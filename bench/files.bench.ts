import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { readBytesAsUtf8, readLines } from '@pipeguard/file-window';
import { GiB, linesUpTo, MiB } from './lib/inputs';
import { type Contender, defineGroup, defineQuestion, type Group } from './lib/question';
import {
  removeTempFile,
  type TempFile,
  tempFile,
  type WrittenTempFile,
  writeTempFile,
} from './lib/temp-file';

const MAX_LINE_BYTES = 2000;
const WINDOW_BYTES = 64 * 1024;
const WINDOWS_PER_RUN = 64;

interface TextFile extends WrittenTempFile {
  lines: number;
}

/** A text file's content: `block`, `count` times over. */
interface TextBlocks {
  block: Buffer;
  count: number;
}

/** 4 MiB of log lines of about 110 bytes, with a 6 KB JSON payload line every 500 lines. */
function logBlock(): Buffer {
  const line = (index: number) =>
    index % 500 === 499
      ? `2024-05-01T12:00:00.${index % 1000}Z DEBUG payload=${JSON.stringify({ items: Array.from({ length: 300 }, (_, item) => ({ id: item, ok: true })) })}\n`
      : `2024-05-01T12:00:00.${index % 1000}Z INFO  [worker-${index % 8}] GET /api/v1/items/${index} status=200 duration=${index % 97}ms\n`;
  return Buffer.from(linesUpTo(4 * MiB, line, (text) => Buffer.byteLength(text)).join(''));
}

/** A minified JSON document with no newline at all, `size` bytes long. */
function singleLineBlock(size: number): Buffer {
  const unit = JSON.stringify({ id: 12345, name: 'pipeguard', tags: ['a', 'é', '😀'], nested: { ok: true } });
  return Buffer.from(unit.repeat(Math.ceil(size / Buffer.byteLength(unit)))).subarray(0, size);
}

/** What an agent's Read tool built on readline does: number each line, cut it at 2000 characters. */
async function readWithReadline(path: string): Promise<{ lineCount: number; text: string }> {
  const rows: string[] = [];
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY });
  lines.on('line', (line: string) => {
    const shown = line.length > MAX_LINE_BYTES ? `${line.slice(0, MAX_LINE_BYTES)}…` : line;
    rows.push(`${String(rows.length + 1).padStart(6)}\t${shown}`);
  });
  await new Promise((resolve) => lines.once('close', resolve));
  return { lineCount: rows.length, text: rows.join('\n') };
}

const lineContenders: Contender<TextFile>[] = [
  {
    name: 'node:readline',
    run: (input: TextFile) => readWithReadline(input.path),
    verify: (output: unknown, input: TextFile) =>
      (output as { lineCount: number }).lineCount === input.lines ? 'ok' : 'wrong line count',
  },
  {
    name: 'readLines',
    run: (input: TextFile) =>
      readLines(input.path, { maxLines: Number.MAX_SAFE_INTEGER, maxLineBytes: MAX_LINE_BYTES }),
    verify: (output: unknown, input: TextFile) => {
      const page = output as Awaited<ReturnType<typeof readLines>>;
      return page.lineCount === input.lines && page.eof ? 'ok' : 'wrong line count';
    },
  },
];

/** readLines against readline over one text file, written from `blocks`, deleted afterwards. */
function lineGroup(name: string, blocks: (quick: boolean) => TextBlocks, minRatio: number): Group<TextFile> {
  return defineGroup<TextFile>({
    name,
    setup: async ({ quick }) => {
      const { block, count } = blocks(quick);
      let lines = 0;
      for (let lf = block.indexOf(0x0a); lf !== -1; lf = block.indexOf(0x0a, lf + 1)) lines++;
      const file = await writeTempFile('input.txt', block, block.length * count);
      return { ...file, lines: Math.max(1, lines * count) };
    },
    teardown: removeTempFile,
    bytes: (input) => input.bytes,
    baseline: 'node:readline',
    contenders: lineContenders,
    targets: [{ contender: 'readLines', minRatio }],
  });
}

interface SparseFile extends TempFile {
  offsets: number[];
  handle: FileHandle;
}

async function readWithStream(path: string, offset: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of createReadStream(path, { start: offset, end: offset + WINDOW_BYTES - 1 })) {
    text += decoder.decode(chunk as Buffer, { stream: true });
  }
  return text + decoder.decode();
}

/** Every window read decodes the text written there. */
const verifyWindows = (output: unknown): string =>
  (output as string[]).every((text) => text.startsWith('window text')) ? 'ok' : 'wrong text';

const windowText = Buffer.from('window text é€😀\n'.repeat(WINDOW_BYTES / 16)).subarray(0, WINDOW_BYTES);

export default defineQuestion({
  id: 'files',
  title: 'File reads: readLines vs node:readline, and a window read far into a sparse file',
  groups: [
    lineGroup(
      'log file, 110-byte lines (256 MiB; quick 4 MiB)',
      (quick) => ({ block: logBlock(), count: quick ? 1 : 64 }),
      1,
    ),
    lineGroup(
      'single-line minified JSON (64 MiB; quick 4 MiB)',
      (quick) => ({ block: singleLineBlock(quick ? 4 * MiB : 64 * MiB), count: 1 }),
      2,
    ),
    defineGroup<SparseFile>({
      name: `${WINDOWS_PER_RUN} windows of 64 KiB at 5 GiB in a sparse file (quick: at 128 MiB)`,
      setup: async ({ quick }) => {
        const file = await tempFile('sparse.bin');
        const start = quick ? 128 * MiB : 5 * GiB;
        const offsets = Array.from({ length: WINDOWS_PER_RUN }, (_, index) => start + index * WINDOW_BYTES);
        const handle = await open(file.path, 'w+');
        await handle.truncate(start + WINDOWS_PER_RUN * WINDOW_BYTES + MiB);
        for (const offset of offsets) await handle.write(windowText, 0, WINDOW_BYTES, offset);
        // Synced for writeTempFile's reason: dirty pages written back later would land in the timed runs.
        await handle.sync();
        return { ...file, offsets, handle };
      },
      teardown: async (input) => {
        await input.handle.close();
        await removeTempFile(input);
      },
      bytes: (input) => input.offsets.length * WINDOW_BYTES,
      baseline: 'fs.createReadStream start/end + TextDecoder',
      contenders: [
        {
          name: 'fs.createReadStream start/end + TextDecoder',
          run: async (input: SparseFile) => {
            const texts: string[] = [];
            for (const offset of input.offsets) texts.push(await readWithStream(input.path, offset));
            return texts;
          },
          verify: verifyWindows,
        },
        ...(['path', 'open FileHandle'] as const).map((mode) => ({
          name: `readBytesAsUtf8 (${mode})`,
          run: async (input: SparseFile) => {
            const file = mode === 'path' ? input.path : input.handle;
            const texts: string[] = [];
            for (const offset of input.offsets) {
              texts.push((await readBytesAsUtf8(file, { offset, windowBytes: WINDOW_BYTES })).text);
            }
            return texts;
          },
          verify: verifyWindows,
        })),
      ],
      runs: 20,
    }),
  ],
});
