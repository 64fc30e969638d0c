// `pnpm build && TSX_TSCONFIG_PATH=bench/tsconfig.run.json pnpm exec tsx bench/web/per-unit.ts`: the per-unit
// LineSplitterStream (one object per line) against its peer, the Node LineSplitter in per-unit mode, both
// reading the same file at 16 KiB and at 64 KiB reads (Node's fs stream and the web source of
// bench/web/read-sources.ts), in alternated rounds: median MB/s and the median per-round ratio to the peer.
// The floor: a `TransformStream` that splits nothing but enqueues the same units (made once, before the
// rounds) as each read's bytes complete them, so what remains is Web Streams' cost per object; and the same
// floor making each unit afresh as a view of the read, as a splitter must (an object and a view per line); and
// that floor as a pull source (a unit per `pull`, no queue holding a read's units), which is no cheaper.
// `PIPEGUARD_BASE=<checkout>`: that checkout's built LineSplitterStream beside.
import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LineSplitter } from '@pipeguard/line-splitter';
import { LineSplitterCore, type LineUnit } from '@pipeguard/line-splitter/core';
import { LineSplitterStream, webByteOps } from '@pipeguard/web';
import { removeTempFile, tempFile } from '../lib/temp-file';
import { openSourceFor } from './read-sources';
import { proseChunks, pumpStages } from './stage-pairs';

/** `PIPEGUARD_BASE=<checkout>`: that build's per-unit LineSplitterStream beside (its dist). */
const base = process.env.PIPEGUARD_BASE;
const BaseSplitterStream =
  base === undefined
    ? undefined
    : ((await import(`${base}/packages/web/dist/index.js`)).LineSplitterStream as typeof LineSplitterStream);
const TOTAL_BYTES = 64 * 1024 * 1024;
const ROUNDS = 7;
const input = new Uint8Array(TOTAL_BYTES);
for (const [index, chunk] of proseChunks(TOTAL_BYTES).entries()) input.set(chunk, index * chunk.length);
const temp = await tempFile('per-unit-prose.log');
const source = await openSourceFor(input, temp.path);
const units: LineUnit[] = [];
const splitter = new LineSplitterCore({ byteOps: webByteOps });
splitter.write(input, (unit) => units.push(unit as LineUnit));
splitter.end((unit) => units.push(unit as LineUnit));

/**
 * Cuts `units` as the reads come: `cut(chunk, upTo, push)` pushes each unit the bytes read so far (`upTo`,
 * `chunk` the last read) complete; `fresh`: a unit that lies within one read is made anew, its bytes a view of
 * that read.
 */
function unitCutter(fresh: boolean) {
  let next = 0;
  let handed = 0;
  return (chunk: Uint8Array, upTo: number, push: (unit: LineUnit) => void) => {
    const chunkStart = upTo - chunk.length;
    for (let unit = units[next]; unit !== undefined; unit = units[next]) {
      const end = handed + unit.bytes.length + unit.terminator.length;
      if (end > upTo) return;
      const from = handed - chunkStart;
      push(
        fresh && from >= 0
          ? {
              bytes: chunk.subarray(from, from + unit.bytes.length),
              terminator: unit.terminator,
              offset: handed,
            }
          : unit,
      );
      handed = end;
      next++;
    }
  };
}

/** A TransformStream that enqueues `units`, each once the bytes read so far reach its end (see `unitCutter`). */
function unitsAsRead(fresh = false): TransformStream<Uint8Array, LineUnit> {
  const cut = unitCutter(fresh);
  let read = 0;
  return new TransformStream({
    transform: (chunk, controller) => {
      read += chunk.length;
      cut(chunk, read, (unit) => controller.enqueue(unit));
    },
    flush: (controller) =>
      cut(new Uint8Array(0), Number.POSITIVE_INFINITY, (unit) => controller.enqueue(unit)),
  });
}

/**
 * The floor with allocation as a pull source: a read's fresh units handed one per `pull` of a `ReadableStream`
 * (high-water mark 0), its write settling once they are all taken, so that no queue holds a read's units; a
 * `{ writable, readable }` pair, as `pipeThrough` takes.
 */
function unitsByPull(): { writable: WritableStream<Uint8Array>; readable: ReadableStream<LineUnit> } {
  const cut = unitCutter(true);
  let read = 0;
  let held: LineUnit[] = [];
  let index = 0;
  let taken: (() => void) | undefined;
  let more: (() => void) | undefined;
  let ended = false;
  const wake = () => {
    const resolve = more;
    more = undefined;
    resolve?.();
  };
  const pullOne = (controller: ReadableStreamDefaultController<LineUnit>): Promise<void> | undefined => {
    if (index < held.length) {
      controller.enqueue(held[index++] as LineUnit);
      if (index === held.length) taken?.();
      return undefined;
    }
    if (ended) {
      controller.close();
      return undefined;
    }
    return new Promise<void>((resolve) => {
      more = resolve;
    }).then(() => pullOne(controller));
  };
  const give = (given: LineUnit[]) =>
    new Promise<void>((resolve) => {
      if (given.length === 0) return resolve();
      held = given;
      index = 0;
      taken = resolve;
      wake();
    });
  const unitsOf = (chunk: Uint8Array, upTo: number) => {
    const given: LineUnit[] = [];
    cut(chunk, upTo, (unit) => given.push(unit));
    return given;
  };
  return {
    readable: new ReadableStream<LineUnit>({ pull: pullOne }, { highWaterMark: 0 }),
    writable: new WritableStream<Uint8Array>({
      write(chunk) {
        read += chunk.length;
        return give(unitsOf(chunk, read));
      },
      async close() {
        await give(unitsOf(new Uint8Array(0), Number.POSITIVE_INFINITY));
        ended = true;
        wake();
      },
    }),
  };
}

async function nodeSplitter(readBytes: number): Promise<number> {
  let bytes = 0;
  const sink = new Writable({
    objectMode: true,
    write(unit: { bytes: Uint8Array; terminator: Uint8Array }, _encoding, callback) {
      bytes += unit.bytes.length + unit.terminator.length;
      callback();
    },
  });
  await pipeline(createReadStream(temp.path, { highWaterMark: readBytes }), new LineSplitter(), sink);
  return bytes;
}

/** Input bytes the units of `units` stand for, each taken by `for await`, as a user's loop would take them. */
async function countUnits(
  units: AsyncIterable<{ bytes: Uint8Array; terminator: Uint8Array }>,
): Promise<number> {
  let bytes = 0;
  for await (const unit of units) bytes += unit.bytes.length + unit.terminator.length;
  return bytes;
}

/**
 * Each splitter both ways: with its platform's own pipe (Node's 'data' events into an object-mode Writable,
 * Web's `pipeTo`: a read() and a write() promise per object), and taken by `for await` on both sides.
 */
const CONTENDERS: Record<string, (readBytes: number) => Promise<number>> = {
  'LineSplitter per unit (Node stage)': nodeSplitter,
  'LineSplitterStream per unit': (readBytes) =>
    pumpStages([new LineSplitterStream() as never], [], source.open(readBytes)),
  'TransformStream handing on the same units (the floor)': (readBytes) =>
    pumpStages([unitsAsRead() as never], [], source.open(readBytes)),
  'LineSplitter per unit (Node stage), for await': (readBytes) =>
    countUnits(createReadStream(temp.path, { highWaterMark: readBytes }).pipe(new LineSplitter())),
  'LineSplitterStream per unit, for await': (readBytes) =>
    countUnits(source.open(readBytes).pipeThrough(new LineSplitterStream()) as never),
  ...(BaseSplitterStream === undefined
    ? {}
    : {
        'LineSplitterStream per unit (base build)': (readBytes: number) =>
          pumpStages([new BaseSplitterStream() as never], [], source.open(readBytes)),
        'LineSplitterStream per unit (base build), for await': (readBytes: number) =>
          countUnits(source.open(readBytes).pipeThrough(new BaseSplitterStream()) as never),
      }),
  'TransformStream handing on the same units (the floor), for await': (readBytes) =>
    countUnits(source.open(readBytes).pipeThrough(unitsAsRead()) as never),
  'TransformStream handing on fresh units, views of each read (the floor with allocation), for await': (
    readBytes,
  ) => countUnits(source.open(readBytes).pipeThrough(unitsAsRead(true)) as never),
  'a pull source handing fresh units, one per pull (the floor with allocation, no queue), for await': (
    readBytes,
  ) => countUnits(source.open(readBytes).pipeThrough(unitsByPull()) as never),
};
/** Each contender's peer: the Node stage consumed the same way. */
const peerOf = (name: string) =>
  name.endsWith('for await')
    ? 'LineSplitter per unit (Node stage), for await'
    : 'LineSplitter per unit (Node stage)';
const names = Object.keys(CONTENDERS);
const quartile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * q)] as number;

try {
  console.log(
    '| reads | stream | MB/s | ratio to the Node stage consumed the same way (median) | quartiles |\n| --- | --- | ---: | ---: | ---: |',
  );
  for (const readBytes of [16 * 1024, 64 * 1024]) {
    const rates: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const ratios: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    for (let round = 0; round <= ROUNDS; round++) {
      const elapsed: Record<string, number> = {};
      for (const name of round % 2 === 0 ? names : [...names].reverse()) {
        const started = performance.now();
        const moved = await (CONTENDERS[name] as (readBytes: number) => Promise<number>)(readBytes);
        elapsed[name] = performance.now() - started;
        if (moved !== TOTAL_BYTES) throw new Error(`${name} moved ${moved} bytes, not ${TOTAL_BYTES}`);
      }
      if (round === 0) continue;
      for (const name of names) {
        rates[name]?.push(TOTAL_BYTES / ((elapsed[name] as number) * 1e3));
        ratios[name]?.push((elapsed[peerOf(name)] as number) / (elapsed[name] as number));
      }
    }
    for (const name of names) {
      const r = ratios[name] as number[];
      console.log(
        `| ${readBytes / 1024} KiB | ${name} | ${quartile(rates[name] as number[], 0.5).toFixed(0)} | ${quartile(r, 0.5).toFixed(2)}× | ${quartile(r, 0.25).toFixed(2)}-${quartile(r, 0.75).toFixed(2)} |`,
      );
    }
  }
} finally {
  await removeTempFile(temp);
}
