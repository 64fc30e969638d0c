export type { RepeatFolderOptions, RepeatFolderStats } from './repeat-folder';
export { RepeatFolder } from './repeat-folder';
export { formatRepeatNotice } from './repeat-folder-core';
