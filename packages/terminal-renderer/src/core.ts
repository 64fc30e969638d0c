// The runtime-free renderer (no node:*, no Buffer, no stream class): what a shell for any runtime drives.

export type { TerminalRendererOptions, TerminalRendererStats } from './options';
export type { OutputOffsets } from './output/recorded-output';
export { TerminalRendererCore } from './terminal-renderer-core';
