export { acceptBytes } from './accept-bytes';
export type { ChunkCore, StageStreamInit } from './stage-stream';
export { StageStream } from './stage-stream';
