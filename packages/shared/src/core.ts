// The runtime-free helpers (no node:*, no Buffer, no stream class): what a stage's core may import.

export { bufferScans, type NodeBufferModule } from './core/buffer-scans';
export { type ByteOps, portableByteOps, validateByteOps } from './core/byte-ops';
export { formatBytes, parseBytes } from './core/byte-size';
export {
  type ControlByteFilter,
  countControlBytes,
  findControlByte,
  isControlByte,
} from './core/control-bytes';
export { isBareNumber, parseDuration } from './core/duration';
export {
  LINE_END_CR,
  LINE_END_CRLF,
  LINE_END_LF,
  LINE_END_NONE,
  LineEndScanner,
  type LineEndStop,
  lineEndLength,
} from './core/line-end-scanner';
export { endsAtLineStart } from './core/line-start';
export { MappedOutput } from './core/mapped-output';
export {
  describeReceived,
  nearestName,
  validateBoolean,
  validateFunction,
  validateInteger,
  validateOneOf,
  validateOptionsObject,
  validateString,
} from './core/options';
export { allocBytes, concatBytes, copyBytes, sharesMemory } from './core/owned-bytes';
export { quoteShellArgument } from './core/shell-quote';
export { SOURCE_OFFSET_GRAIN_BYTES, SourceOffsetMap } from './core/source-offset-map';
export { SOURCE_OFFSET_LOOKBACK_BYTES, type SourceOffsets } from './core/source-offsets';
export { type Emit, type StageCore, type UnitCore, writeAfterEndError } from './core/stage-core';
export { IllegalTransitionError, StateMachine, type Transitions } from './core/state-machine';
export { portableTextOps, type TextOps } from './core/text-ops';
export {
  findUtf8BoundaryBefore,
  isUtf8Continuation,
  skipUtf8Continuation,
  utf8SequenceLength,
} from './core/utf8-boundary';
export { wellFormedLength, wellFormedPrefixEnd } from './core/well-formed-length';
