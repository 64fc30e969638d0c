export type { LineBatch, LineTerminator, LineUnit } from './line-unit';
