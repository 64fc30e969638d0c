// Node's side: everything of ./core, plus what needs Node (native scans, Buffer views, stream hooks).
export * from './core';
export { endThroughCore, writeThroughCore } from './core-steps';
export { monotonicMs } from './monotonic-clock';
export { nodeByteOps } from './node-byte-ops';
export { nodeTextOps } from './node-text-ops';
export { requireBuiltin } from './require-builtin';
export { signalNumbers } from './signal-numbers';
export type { TransformCallback, WriteCallback } from './stream-types';
export { toBuffer } from './to-buffer';
export { OVERLAPPED_WRITABLE_HIGH_WATER_MARK, transformInMicrotask } from './transform-in-microtask';
