/** Web stream plumbing for the checks: runtime-free, as the checks run in every runtime. */

/** A `ReadableStream` that gives `chunks` one per pull, then closes; `cancelled` gets the cancel reason. */
export function sourceOf<T>(chunks: readonly T[]): {
  readable: ReadableStream<T>;
  cancelled: Promise<unknown>;
} {
  let index = 0;
  let onCancel: (reason: unknown) => void = () => {};
  const cancelled = new Promise<unknown>((resolve) => {
    onCancel = resolve;
  });
  const readable = new ReadableStream<T>(
    {
      pull(controller) {
        if (index < chunks.length) controller.enqueue(chunks[index++] as T);
        else controller.close();
      },
      cancel: (reason) => onCancel(reason),
    },
    { highWaterMark: 0 },
  );
  return { readable, cancelled };
}

/** Reads a readable side to its end, copying each byte chunk as it is read (outputs may be views). */
export async function readAll<T>(readable: ReadableStream<T>): Promise<T[]> {
  const reader = readable.getReader();
  const chunks: T[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push((value instanceof Uint8Array ? value.slice() : value) as T);
  }
}

/** Writes `chunks` through `stream` (honouring its writer's `ready`) and reads all it gives. */
export async function transformAll<In, Out>(
  stream: { readable: ReadableStream<Out>; writable: WritableStream<In> },
  chunks: readonly In[],
): Promise<Out[]> {
  const reading = readAll(stream.readable);
  const writer = stream.writable.getWriter();
  for (const chunk of chunks) {
    await writer.ready;
    void writer.write(chunk).catch(() => {});
  }
  await writer.close();
  return reading;
}

/** The bytes of `chunks`, in order, as one array. */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const joined = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  return joined;
}

/** `bytes` cut at each position of `cuts` (sorted, clamped; repeats give empty chunks). */
export function cutBytes(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const positions = cuts.map((cut) => Math.min(Math.max(cut, 0), bytes.length)).sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const position of positions) {
    chunks.push(bytes.slice(from, position));
    from = position;
  }
  chunks.push(bytes.slice(from));
  return chunks;
}
