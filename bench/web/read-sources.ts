// The sources of bench/web/read-sizes.measure.ts: a real source read at a chosen size, per runtime. In Node
// a file (FileHandle#read, as fs streams read); where there is no file (a page) a Blob, as a user's File is
// read (`slice().arrayBuffer()`, an asynchronous read from the browser's blob store).

/** A source of one pass: a ReadableStream of the whole input in reads of `readBytes`. */
export type OpenSource = (readBytes: number) => ReadableStream<Uint8Array>;

interface FileHandleLike {
  write(data: Uint8Array): Promise<unknown>;
  sync(): Promise<void>;
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}
interface FsPromisesLike {
  open(path: string, flags?: string): Promise<FileHandleLike>;
}

/** Node's `node:fs/promises`, reached without an import so that the module bundles for a browser. */
function nodeFs(): FsPromisesLike | undefined {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if ((globalThis as { Deno?: unknown }).Deno !== undefined) return undefined;
  return process?.getBuiltinModule?.('node:fs/promises') as FsPromisesLike | undefined;
}

/** Whether this runtime reads files (Node): else the source is a Blob. */
export const READS_FILES = nodeFs() !== undefined;

/** Reads of `readBytes` by `read(position, length)`, each into a fresh buffer, one read ahead (hwm 1). */
function readsOf(
  readBytes: number,
  read: (position: number, length: number) => Promise<Uint8Array>,
  close: () => Promise<void> = async () => {},
): ReadableStream<Uint8Array> {
  let position = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const bytes = await read(position, readBytes);
      if (bytes.length === 0) {
        await close();
        controller.close();
        return;
      }
      position += bytes.length;
      controller.enqueue(bytes);
    },
  });
}

/**
 * The source for `bytes` (written to `fileName` beside the module in Node first): a file in Node, else a
 * Blob. Resolves with the opener and the source's name.
 */
export async function openSourceFor(
  bytes: Uint8Array,
  fileName: string,
): Promise<{ kind: string; open: OpenSource }> {
  const fs = nodeFs();
  if (fs !== undefined) {
    // Synced: else the kernel writes the dirty pages back ~30 s later, in the middle of the timed rounds.
    const file = await fs.open(fileName, 'w');
    await file.write(bytes);
    await file.sync();
    await file.close();
    return {
      kind: 'file',
      open: (readBytes) => {
        let handle: Promise<FileHandleLike> | undefined;
        return readsOf(
          readBytes,
          async (position, length) => {
            handle ??= fs.open(fileName);
            const into = new Uint8Array(length);
            const { bytesRead } = await (await handle).read(into, 0, length, position);
            return into.subarray(0, bytesRead);
          },
          async () => (await handle)?.close(),
        );
      },
    };
  }
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  return {
    kind: 'Blob',
    open: (readBytes) =>
      readsOf(
        readBytes,
        async (position, length) =>
          new Uint8Array(await blob.slice(position, position + length).arrayBuffer()),
      ),
  };
}
