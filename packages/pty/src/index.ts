export { PtyChild } from './pty-child';
export { loadPtyModule, PTY_PACKAGE, PTY_PACKAGE_VERSION, PtyUnavailableError } from './pty-load';
export {
  DEFAULT_PTY_COLS,
  DEFAULT_PTY_ROWS,
  DEFAULT_PTY_TERM,
  type PtyChildOptions,
  type PtyOption,
  type PtySize,
  type ResolvedPtyOption,
  resolvePtyOption,
} from './pty-options';
export { spawnPtyChild } from './spawn-pty-child';
export { validateCommand } from './validate-command';
