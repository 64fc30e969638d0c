export type { LineSplitterOptions, LineSplitterStats } from './line-splitter';
export { LineSplitter } from './line-splitter';
export { isLineBatch, isLineUnit, type LineBatch, type LineTerminator, type LineUnit } from './line-unit';
