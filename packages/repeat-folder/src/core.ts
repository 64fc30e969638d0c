// The runtime-free core of @pipeguard/repeat-folder: what any shell (Node, WHATWG streams) drives.
export {
  formatRepeatNotice,
  REPEAT_FOLDER_OPTIONS,
  RepeatFolderCore,
  type RepeatFolderCoreOptions,
  type RepeatFolderStats,
} from './repeat-folder-core';
