export type { RepeatFolderOptions, RepeatFolderStats } from './repeat-folder';
export { formatRepeatNotice, RepeatFolder } from './repeat-folder';
