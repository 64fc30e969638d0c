import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_BLOCK_LOOK_BACK_BYTES, REDACT_CONTEXT_BEFORE_BYTES, redactedFile } from '../src/redacted-file';

const BODY_LINE = 'MIIEpAIBAAKCAQEAq7Zk8Pw2Rn5Tx7Vb3Hm9Jd4Lf6Sc1Gy0EaWq3Xr8Nt2Lp5Ks9Hb\n';
const BEGIN = '-----BEGIN RSA PRIVATE KEY-----\n';
/** An unterminated key block whose body runs past the look-back and the context before a read. */
const FILE = `before\n${BEGIN}${BODY_LINE.repeat(Math.ceil((KEY_BLOCK_LOOK_BACK_BYTES + REDACT_CONTEXT_BEFORE_BYTES + 256 * 1024) / BODY_LINE.length))}`;

let dir = '';
let path = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pipeguard-redacted-file-'));
  path = join(dir, 'key.pem');
  await writeFile(path, FILE);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readRedacted(position: number, length: number): Promise<string> {
  const handle = await open(path);
  try {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await redactedFile(handle, {}).read(buffer, 0, length, position);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

describe('redactedFile', () => {
  it('should mask a read inside a key block whose BEGIN is past the context but within the look-back', async () => {
    const text = await readRedacted(FILE.indexOf(BEGIN) + REDACT_CONTEXT_BEFORE_BYTES + 4096, 2000);
    expect(text).toMatch(/^[*\n]+$/);
  });

  it('should look back a bounded distance: a read further after an unterminated BEGIN reads as it is', async () => {
    const position = FILE.indexOf(BEGIN) + KEY_BLOCK_LOOK_BACK_BYTES + REDACT_CONTEXT_BEFORE_BYTES + 4096;
    const text = await readRedacted(position, 2000);
    expect(text).toBe(FILE.slice(position, position + 2000));
  });
});
