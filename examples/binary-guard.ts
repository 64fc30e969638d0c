import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { BinaryGuard } from '@pipeguard/binary-guard';

/**
 * The binary guard on two streams: a real executable (withheld behind one line) and `find -print0`
 * output (NUL-separated names: still text, so it passes unchanged).
 */

async function guard(source: Readable, label: string): Promise<{ text: string; guard: BinaryGuard }> {
  const stage = new BinaryGuard({ label });
  const chunks: Buffer[] = [];
  for await (const chunk of source.pipe(stage)) chunks.push(chunk as Buffer);
  return { text: Buffer.concat(chunks).toString('utf8'), guard: stage };
}

// The first MiB of the node executable this example runs on.
const executable = await guard(createReadStream(process.execPath, { end: 1024 * 1024 - 1 }), 'node');
console.log('## the node executable');
console.log(executable.text.trimEnd());
console.log(`withheld ${executable.guard.stats.withheldBytes} of ${1024 * 1024} bytes`);

const dir = await mkdtemp(join(tmpdir(), 'pipeguard-example-'));
await mkdir(join(dir, 'docs'));
await writeFile(join(dir, 'docs', 'café.txt'), '');
await writeFile(join(dir, 'README.md'), '');
const find = spawn('find', ['.', '-print0'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
const names = await guard(find.stdout, 'find');
console.log('\n## find . -print0');
console.log(names.text.split('\0').filter(Boolean).sort().join('\n'));
console.log(
  `withheld: ${names.guard.stats.withheld}; NUL separators kept: ${names.text.split('\0').length - 1}`,
);
await rm(dir, { recursive: true, force: true });
