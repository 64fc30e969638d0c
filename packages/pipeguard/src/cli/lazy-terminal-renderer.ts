import type * as Renderer from '@pipeguard/terminal-renderer';
import { lazyClass } from './lazy-class';

// The CLI bundle's stand-in for @pipeguard/terminal-renderer (an alias in tsup.config.ts): only `--pty`,
// `--render terminal` and the agent profile make a renderer, so `pipeguard -- CMD` does not initialise it.
// The path names the package's build directly: its name is the alias. esbuild bundles a require() of
// a bundled module as a module initialised at that call.
export const TerminalRenderer = lazyClass<typeof Renderer.TerminalRenderer>(
  () => require('../../../terminal-renderer/dist/index.js').TerminalRenderer,
);
