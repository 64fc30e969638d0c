export type { LineSplitterOptions, LineSplitterStats } from './line-splitter';
export { LineSplitter } from './line-splitter';
export type { LineBatch, LineTerminator, LineUnit } from './line-unit';
