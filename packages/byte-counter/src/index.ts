export type { ByteCounterOptions, ByteCounterProgress, ByteCounterStats } from './byte-counter';
export { ByteCounter } from './byte-counter';
