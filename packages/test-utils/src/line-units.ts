import type { LineBatch, LineUnit } from '@pipeguard/line-splitter';

/** Cuts bytes into units at LF (a CR before it joins the terminator), as a LineSplitter would without bare CRs. */
export function unitsOf(bytes: Buffer, offset = 0): LineUnit[] {
  const units: LineUnit[] = [];
  let start = 0;
  for (let lf = bytes.indexOf(0x0a); lf !== -1; lf = bytes.indexOf(0x0a, start)) {
    const crlf = lf > start && bytes[lf - 1] === 0x0d;
    units.push({
      bytes: bytes.subarray(start, crlf ? lf - 1 : lf),
      terminator: crlf ? '\r\n' : '\n',
      offset: offset + start,
    });
    start = lf + 1;
  }
  if (start < bytes.length)
    units.push({ bytes: bytes.subarray(start), terminator: '', offset: offset + start });
  return units;
}

/** One batch of consecutive units, with its contiguous bytes. */
export function batchOf(units: LineUnit[], offset = units[0]?.offset ?? 0): LineBatch {
  return {
    bytes: Buffer.concat(units.flatMap((unit) => [unit.bytes, Buffer.from(unit.terminator)])),
    offset,
    units,
  };
}

/** The bytes a stream of units or batches stands for, terminators included. */
export function flattenUnits(chunks: Array<LineUnit | LineBatch>): Buffer {
  return Buffer.concat(
    chunks.flatMap((chunk) =>
      'units' in chunk
        ? chunk.units.flatMap((unit) => [unit.bytes, Buffer.from(unit.terminator)])
        : [chunk.bytes, Buffer.from(chunk.terminator)],
    ),
  );
}
