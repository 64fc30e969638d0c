export { formatBytes, parseBytes } from './byte-size';
export { type ControlByteFilter, countControlBytes, findControlByte, isControlByte } from './control-bytes';
export { endsAtLineStart } from './line-start';
export { monotonicMs } from './monotonic-clock';
export {
  describeReceived,
  nearestName,
  validateBoolean,
  validateFunction,
  validateInteger,
  validateOneOf,
  validateOptionsObject,
  validateString,
} from './options';
export { quoteShellArgument } from './shell-quote';
export { SOURCE_OFFSET_LOOKBACK_BYTES, type SourceOffsets } from './source-offsets';
export type { TransformCallback, WriteCallback } from './stream-types';
export { toBuffer } from './to-buffer';
export { OVERLAPPED_WRITABLE_HIGH_WATER_MARK, transformInMicrotask } from './transform-in-microtask';
export {
  findUtf8BoundaryBefore,
  isUtf8Continuation,
  skipUtf8Continuation,
  utf8SequenceLength,
} from './utf8-boundary';
export { wellFormedLength, wellFormedPrefixEnd } from './well-formed-length';
