import type { Transform } from 'readable-stream';

/**
 * What a stage has ready, read at once. pipeguard's stages push synchronously from `write()`, so
 * driving them this way keeps a producer's write synchronous: nothing waits for a later tick.
 */
export function* pullAll<T>(stage: Transform): Generator<T> {
  for (let item = stage.read() as T | null; item !== null; item = stage.read() as T | null) yield item;
}

/** Writes one item to an object-mode stage and reads the one item it pushes for it (`null` when none). */
export function pullOne<T>(stage: Transform, item: unknown): T {
  stage.write(item);
  return stage.read() as T;
}
