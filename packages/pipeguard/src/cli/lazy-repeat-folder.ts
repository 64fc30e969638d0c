import type * as Folder from '@pipeguard/repeat-folder';
import { lazyClass } from './lazy-class';

// The CLI bundle's stand-in for @pipeguard/repeat-folder (an alias in tsup.config.ts): only
// `--fold-repeats` and the agent profile make a folder, so `pipeguard -- CMD` does not initialise it.
export const RepeatFolder = lazyClass<typeof Folder.RepeatFolder>(
  () => require('../../../repeat-folder/dist/index.js').RepeatFolder,
);
