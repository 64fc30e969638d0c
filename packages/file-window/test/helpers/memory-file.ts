import type { FileHandle } from 'node:fs/promises';

/**
 * `bytes` behind the part of a `FileHandle` the readers use (positioned `read`, `stat`, `close`): the
 * properties page through thousands of small files, and a real file costs each read a trip through
 * libuv's thread pool. memory-file.test.ts checks that the readers give the same on a real file.
 */
export function memoryFile(bytes: Uint8Array): FileHandle {
  const handle = {
    fd: 1_000_000,
    async read(buffer: Buffer, offset: number, length: number, position: number) {
      const end = Math.min(bytes.length, position + length);
      const bytesRead = Math.max(0, end - position);
      if (bytesRead > 0) buffer.set(bytes.subarray(position, end), offset);
      return { bytesRead, buffer };
    },
    async stat() {
      const no = () => false;
      return {
        size: bytes.length,
        isFile: () => true,
        isDirectory: no,
        isFIFO: no,
        isSocket: no,
        isCharacterDevice: no,
        isBlockDevice: no,
        isSymbolicLink: no,
      };
    },
    async close() {},
  };
  return handle as unknown as FileHandle;
}
