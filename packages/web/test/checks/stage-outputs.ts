import type { LineBatch, LineUnit } from '@pipeguard/line-splitter/core';
import type { ChunkCore } from '../../src/index';

/** A unit as plain data (its bytes copied). */
function plainUnit(unit: LineUnit) {
  return { bytes: new Uint8Array(unit.bytes), terminator: unit.terminator, offset: unit.offset };
}

/** A splitter's unit or batch as plain data; a batch's units are read (so a splitter counts them built). */
export function plainItem(item: LineUnit | LineBatch) {
  if (!('units' in item)) return plainUnit(item);
  const { unitCount, longestUnitBytes } = item;
  return {
    bytes: new Uint8Array(item.bytes),
    offset: item.offset,
    unitCount,
    longestUnitBytes,
    units: item.units.map(plainUnit),
  };
}

/** Byte chunks as plain arrays, the empty ones left out (Node's byte streams never emit one; a web stream may). */
export function plainChunks(chunks: readonly Uint8Array[]): Uint8Array[] {
  return chunks.filter((chunk) => chunk.length > 0).map((chunk) => new Uint8Array(chunk));
}

/** Writes `inputs` to `core`, ends it, and returns what it emitted in order (bytes copied as they came). */
export function driveCore<In, Out>(core: ChunkCore<In, Out, unknown>, inputs: readonly In[]): Out[] {
  const out: Out[] = [];
  const emit = (item: Out) => out.push((item instanceof Uint8Array ? item.slice() : item) as Out);
  for (const input of inputs) core.write(input, emit);
  core.end(emit);
  return out;
}
