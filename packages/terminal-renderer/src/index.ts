export type { TerminalRendererOptions, TerminalRendererStats } from './options';
export { TerminalRenderer } from './terminal-renderer';
