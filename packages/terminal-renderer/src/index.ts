export {
  TerminalRenderer,
  type TerminalRendererOptions,
  type TerminalRendererStats,
} from './terminal-renderer';
