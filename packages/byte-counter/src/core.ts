// The runtime-free core of @pipeguard/byte-counter: what any shell (Node, WHATWG streams) drives.
export {
  BYTE_COUNTER_OPTIONS,
  ByteCounterCore,
  type ByteCounterCoreOptions,
  type ByteCounterProgress,
  type ByteCounterStats,
} from './byte-counter-core';
