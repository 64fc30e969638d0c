import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, mkdirSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { useTempDir } from '@pipeguard/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { FileWindowError, readBytesAsUtf8, readLines } from '../src/index';

const readers = [
  ['readBytesAsUtf8', (file: string) => readBytesAsUtf8(file)],
  ['readLines', (file: string) => readLines(file)],
] as const;

describe('file reads under faults', () => {
  const files = useTempDir('pipeguard-faults-');
  beforeAll(() => {
    // World-readable so that a test can read as another user.
    chmodSync(files.path('.'), 0o755);
  });

  it.each(readers)(
    '%s should reject a directory with a FileWindowError naming the path',
    async (_name, read) => {
      const directory = files.path(`a-directory-${_name}`);
      mkdirSync(directory);
      await expect(read(directory)).rejects.toMatchObject({
        name: 'FileWindowError',
        code: 'ERR_FILE_WINDOW_NOT_A_FILE',
        message: `Cannot read "${directory}": it is a directory, and byte-addressed reads need a regular file`,
      });
    },
  );

  it.each(readers)('%s should reject a FIFO before any writer opens it', async (_name, read) => {
    const fifo = files.path(`a-fifo-${_name}`);
    execFileSync('mkfifo', [fifo]);
    // A read that waited for a writer would settle only after this one opens the FIFO, so the order
    // of the two events tells, whatever the machine's load (the delay is a fallback, not a limit).
    const events: string[] = [];
    const writer = setTimeout(() => {
      events.push('writer opened');
      void open(fifo, 'r+').then((handle) => setTimeout(() => handle.close(), 100));
    }, 5000);
    const error = await read(fifo).catch((caught: unknown) => caught);
    events.push('read settled');
    clearTimeout(writer);
    expect(events).toEqual(['read settled']);
    expect(error).toBeInstanceOf(FileWindowError);
    expect((error as FileWindowError).message).toContain('it is a FIFO');
  });

  it('should reject an open handle on a FIFO too', async () => {
    const fifo = files.path('handle-fifo');
    execFileSync('mkfifo', [fifo]);
    const handle = await open(fifo, 'r+');
    try {
      await expect(readBytesAsUtf8(handle)).rejects.toMatchObject({ code: 'ERR_FILE_WINDOW_NOT_A_FILE' });
    } finally {
      await handle.close();
    }
  });

  it('should fail with EACCES and the path for a file without read permission', () => {
    const file = files.path('no-permission.txt');
    writeFileSync(file, 'secret\n', { mode: 0o600 });
    chmodSync(file, 0o000);
    // Root reads anything: as root, the read runs without the capabilities that bypass permissions.
    const source = fileURLToPath(new URL('../src/index.ts', import.meta.url));
    const script = `import('${source}').then(({ readBytesAsUtf8, readLines }) => Promise.allSettled([readBytesAsUtf8(process.argv[1]), readLines(process.argv[1])])).then((results) => console.log(JSON.stringify(results.map((r) => [r.status, r.reason?.code, r.reason?.path]))))`;
    const node = [process.execPath, '--import', 'tsx', '-e', script, file];
    const dropCapabilities = [
      'setpriv',
      '--bounding-set=-dac_override,-dac_read_search',
      '--inh-caps=-dac_override,-dac_read_search',
    ];
    const [command, ...args] = process.getuid?.() === 0 ? [...dropCapabilities, ...node] : node;
    const child = spawnSync(command as string, args, {
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual([
      ['rejected', 'EACCES', file],
      ['rejected', 'EACCES', file],
    ]);
  });

  it('should end a page cleanly when the file shrinks between reads', async () => {
    const file = files.path('shrinking.log');
    writeFileSync(file, Array.from({ length: 100 }, (_, index) => `line ${index}`).join('\n'));
    const first = await readLines(file, { maxLines: 10 });
    truncateSync(file, 20);
    const next = await readLines(file, { fromLine: first.nextLine });
    expect(next).toMatchObject({ lineCount: 0, eof: true });
    const window = await readBytesAsUtf8(file, { offset: 500 });
    expect(window).toMatchObject({ text: '', eof: true, nextOffset: 500 });
  });

  it('should see appended bytes when the file grows between reads', async () => {
    const file = files.path('growing.log');
    writeFileSync(file, 'one\ntwo\n');
    const first = await readBytesAsUtf8(file);
    appendFileSync(file, 'three\n');
    const next = await readBytesAsUtf8(file, { offset: first.nextOffset });
    expect(next.text).toBe('three\n');
    const lines = await readLines(file, { fromLine: 3 });
    expect(lines.text.startsWith('     3\tthree')).toBe(true);
  });
});
