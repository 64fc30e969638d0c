import { beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, runCli } from './helpers/cli';

// Many times a pipe's 64 KiB: the last writes are still waiting for the reader when the run is done.
const BYTES = 1_500_000;
const writeBoth = `head -c ${BYTES} /dev/zero | tr '\\0' o; head -c ${BYTES} /dev/zero | tr '\\0' e >&2; exit 3`;
const slowly = { readSlowly: true };

// pipeguard ends with process.exit() once its run is done, which skips what the event loop would still
// do: it must come only after every byte written to stdout and stderr has been taken.
describe('pipeguard at its exit', () => {
  beforeAll(() => requireBuilt());

  it('should hand a slow reader all of a capture printed at the end, then exit with the status', async () => {
    const run = await runCli(['--max-bytes', String(2 * BYTES), '--', 'sh', '-c', writeBoth], slowly);
    expect(run.status).toBe(3);
    expect(run.stdout === 'o'.repeat(BYTES)).toBe(true);
    expect(run.stderr === 'e'.repeat(BYTES)).toBe(true);
  });

  it('should hand a slow reader all of a stream passed through with --max-bytes none', async () => {
    const run = await runCli(['--max-bytes', 'none', '--', 'sh', '-c', writeBoth], slowly);
    expect(run.status).toBe(3);
    expect(run.stdout === 'o'.repeat(BYTES)).toBe(true);
    expect(run.stderr === 'e'.repeat(BYTES)).toBe(true);
  });

  it('should hand a slow reader the whole --json document', async () => {
    const run = await runCli(
      ['--json', '--max-bytes', String(2 * BYTES), '--', 'sh', '-c', writeBoth],
      slowly,
    );
    expect(run.status).toBe(3);
    const document = JSON.parse(run.stdout) as { stdout: { text: string }; exitCode: number };
    expect(document.stdout.text).toBe('o'.repeat(BYTES));
    expect(document.exitCode).toBe(3);
  });
});
