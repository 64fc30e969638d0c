import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuilt } from './helpers/cli';

/** Reads `stream` as a slow reader does: a pause after every chunk, so the writer fills the pipe and waits. */
async function readSlowly(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    await sleep(2);
  }
  return Buffer.concat(chunks);
}

/** Runs the built binary with both of its outputs read slowly; resolves to its status and what arrived. */
async function runReadSlowly(args: readonly string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const status = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const [stdout, stderr] = await Promise.all([readSlowly(child.stdout), readSlowly(child.stderr)]);
  return { status: await status, stdout, stderr };
}

// Many times a pipe's 64 KiB: the last writes are still waiting for the reader when the run is done.
const BYTES = 1_500_000;
const writeBoth = `head -c ${BYTES} /dev/zero | tr '\\0' o; head -c ${BYTES} /dev/zero | tr '\\0' e >&2; exit 3`;

// pipeguard ends with process.exit() once its run is done, which skips what the event loop would still
// do: it must come only after every byte written to stdout and stderr has been taken.
describe('pipeguard at its exit', () => {
  beforeAll(() => requireBuilt());

  it('should hand a slow reader all of a capture printed at the end, then exit with the status', async () => {
    const run = await runReadSlowly(['--max-bytes', String(2 * BYTES), '--', 'sh', '-c', writeBoth]);
    expect(run.status).toBe(3);
    expect(run.stdout.equals(Buffer.alloc(BYTES, 'o'))).toBe(true);
    expect(run.stderr.equals(Buffer.alloc(BYTES, 'e'))).toBe(true);
  });

  it('should hand a slow reader all of a stream passed through with --max-bytes none', async () => {
    const run = await runReadSlowly(['--max-bytes', 'none', '--', 'sh', '-c', writeBoth]);
    expect(run.status).toBe(3);
    expect(run.stdout.equals(Buffer.alloc(BYTES, 'o'))).toBe(true);
    expect(run.stderr.equals(Buffer.alloc(BYTES, 'e'))).toBe(true);
  });

  it('should hand a slow reader the whole --json document', async () => {
    const run = await runReadSlowly([
      '--json',
      '--max-bytes',
      String(2 * BYTES),
      '--',
      'sh',
      '-c',
      writeBoth,
    ]);
    expect(run.status).toBe(3);
    const document = JSON.parse(run.stdout.toString()) as { stdout: { text: string }; exitCode: number };
    expect(document.stdout.text).toBe('o'.repeat(BYTES));
    expect(document.exitCode).toBe(3);
  });
});
