import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { requireBuilt } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

// Imports a build in a new process and reports, step by step, whether iconv-lite has been loaded
// (an ESM import of CommonJS iconv-lite goes through the same require cache).
// The helpers that decode are the package's internal ones (`/internal`), which the stages and file-window use.
const probe = (entry: string, internal: string) => `
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const loaded = () => Object.keys(require.cache).some((path) => path.includes('/iconv-lite/'));
const steps = [];
await import(${JSON.stringify(entry)});
const api = await import(${JSON.stringify(internal)});
steps.push(['import', loaded()]);
api.resolveFallbackOption(null, undefined);
api.decodeRejectedUnit(Buffer.from([0xff, 0x0a]), []);
steps.push(['utf-8 only', loaded()]);
const { text } = api.decodeRejectedUnit(Buffer.from('c4e3bac30a', 'hex'), ['gbk']);
steps.push(['gbk decoded', loaded(), text]);
console.log(JSON.stringify(steps));
`;

describe('iconv-lite loading', () => {
  it.each([
    ['index.js', 'internal.js'],
    ['index.cjs', 'internal.cjs'],
  ])(
    'should load iconv-lite on the first unit decoded with a fallback, not on import (%s)',
    async (file, internalFile) => {
      const entry = `${dist}${file}`;
      const internal = `${dist}${internalFile}`;
      requireBuilt(entry);
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--input-type=module',
        '-e',
        probe(entry, internal),
      ]);
      expect(JSON.parse(stdout)).toEqual([
        ['import', false],
        ['utf-8 only', false],
        ['gbk decoded', true, '你好\n'],
      ]);
    },
  );
});
