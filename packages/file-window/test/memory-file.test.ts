import { open } from 'node:fs/promises';
import { linesFile, messyBytes, propertyRuns, useTempDir } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBytesAsUtf8, readLines } from '../src/index';
import { memoryFile } from './helpers/memory-file';

const files = useTempDir('pipeguard-file-window-');

// The properties read bytes through memoryFile: here the readers give the same on real files.
describe('memoryFile, the stand-in the properties read through', () => {
  it('should give the pages and windows a real file gives, for any bytes and read', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(linesFile(), messyBytes()),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 20 }),
        fc.nat(200),
        async (bytes, fromLine, maxLineBytes, offset) => {
          const path = await files.write(bytes);
          const handle = await open(path, 'r');
          try {
            const lineOptions = { fromLine, maxLines: 2, maxLineBytes };
            const windowOptions = { offset: offset % (bytes.length + 2), windowBytes: maxLineBytes };
            expect(await readLines(memoryFile(bytes), lineOptions)).toEqual(
              await readLines(handle, lineOptions),
            );
            expect(await readBytesAsUtf8(memoryFile(bytes), windowOptions)).toEqual(
              await readBytesAsUtf8(handle, windowOptions),
            );
          } finally {
            await handle.close();
          }
        },
      ),
      { numRuns: propertyRuns(60) },
    );
  });
});
