import type { BytePositions, LineEndCount } from '@pipeguard/line-splitter/core';

/** Bytes one call looks at: the module's input window. */
const WINDOW_BYTES = 64 * 1024;
/** Where the module writes positions: past the window and the 64 bytes a last turn may read. */
const OUT_OFFSET = WINDOW_BYTES + 64;
/** Where `count` keeps its state across a chunk's windows: after the positions (5 x i32, see `LineEndCount`). */
const COUNT_STATE = OUT_OFFSET + 4 * WINDOW_BYTES;

/**
 * The module, 657 bytes, a memory of 6 pages (the window at 0, up to 64 Ki positions at {@link OUT_OFFSET},
 * `count`'s state at {@link COUNT_STATE}), two functions. `find`, assembled by hand: 32 bytes a turn; a turn's
 * first position is stored whether or not there is one (the count grows only if there is), so that a line per
 * turn or none costs no mispredicted branch:
 * ```wat
 * (func (export "find") (param $len i32) (param $a i32) (param $b i32) (param $base i32) (result i32)
 *   (local $i i32) (local $n i32) (local $m i32) (local $rest i32) (local $va v128) (local $vb v128) (local $v v128)
 *   (local.set $va (i8x16.splat (local.get $a)))  (local.set $vb (i8x16.splat (local.get $b)))
 *   (block $done (loop $turns
 *     (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
 *     (local.set $m (i32.or
 *       (i8x16.bitmask (v128.or (i8x16.eq (local.tee $v (v128.load (local.get $i))) (local.get $va))
 *                               (i8x16.eq (local.get $v) (local.get $vb))))
 *       (i32.shl (i8x16.bitmask (v128.or (i8x16.eq (local.tee $v (v128.load offset=16 (local.get $i))) (local.get $va))
 *                                        (i8x16.eq (local.get $v) (local.get $vb))))
 *                (i32.const 16))))
 *     (if (i32.lt_u (local.tee $rest (i32.sub (local.get $len) (local.get $i))) (i32.const 32))
 *       (then (local.set $m (i32.and (local.get $m) (i32.sub (i32.shl (i32.const 1) (local.get $rest)) (i32.const 1))))))
 *     (i32.store offset=65600 (i32.shl (local.get $n) (i32.const 2))
 *       (i32.add (i32.add (local.get $base) (local.get $i)) (i32.ctz (local.get $m))))
 *     (local.set $n (i32.add (local.get $n) (i32.ne (local.get $m) (i32.const 0))))
 *     (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
 *     (block $none (loop $more
 *       (br_if $none (i32.eqz (local.get $m)))
 *       (i32.store offset=65600 (i32.shl (local.get $n) (i32.const 2))
 *         (i32.add (i32.add (local.get $base) (local.get $i)) (i32.ctz (local.get $m))))
 *       (local.set $n (i32.add (local.get $n) (i32.const 1)))
 *       (local.set $m (i32.and (local.get $m) (i32.sub (local.get $m) (i32.const 1))))
 *       (br $more)))
 *     (local.set $i (i32.add (local.get $i) (i32.const 32)))
 *     (br $turns)))
 *   (local.get $n))
 * ```
 * `count`, assembled with `find` by wabt's `wat2wasm` (1.0.39): a chunk's units (each ended by LF, CR or a CRLF
 * once) counted with no position stored, 64 bytes a turn, the byte after the window at `len` (the CR of a
 * CRLF across windows); the state (`LineEndCount`'s fields, chunk indexes) carried from window to window. Its
 * loop per line end is a loop, not `find`'s branch-free first store: in V8 that `select` chain is slower. A CRLF
 * is one 16-bit load (0x0A0D, little-endian) where two byte loads cost 7-14 % more of the count.
 * ```wat
 * (func (export "count") (param $len i32) (param $base i32) (result i32)
 *   (local $i i32) (local $m i64) (local $rest i32) (local $at i32) (local $end i32) (local $next i32)
 *   (local $n i32) (local $first i32) (local $firstNext i32) (local $start i32) (local $longest i32)
 *   (local $v v128) (local $lf v128) (local $cr v128)
 *   (local.set $n (i32.load offset=327744 (i32.const 0)))
 *   (local.set $first (i32.load offset=327748 (i32.const 0)))
 *   (local.set $firstNext (i32.load offset=327752 (i32.const 0)))
 *   (local.set $start (i32.load offset=327756 (i32.const 0)))
 *   (local.set $longest (i32.load offset=327760 (i32.const 0)))
 *   (local.set $lf (i8x16.splat (i32.const 10)))
 *   (local.set $cr (i8x16.splat (i32.const 13)))
 *   (block $done (loop $turns
 *     (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
 *     (local.set $m (i64.extend_i32_u (i32.or
 *       (i8x16.bitmask (v128.or (i8x16.eq (local.tee $v (v128.load (local.get $i))) (local.get $lf))
 *                               (i8x16.eq (local.get $v) (local.get $cr))))
 *       (i32.shl (i8x16.bitmask (v128.or (i8x16.eq (local.tee $v (v128.load offset=16 (local.get $i))) (local.get $lf))
 *                                        (i8x16.eq (local.get $v) (local.get $cr))))
 *                (i32.const 16)))))
 *     (local.set $m (i64.or (local.get $m) (i64.shl (i64.extend_i32_u (i32.or
 *       (i8x16.bitmask (v128.or (i8x16.eq (local.tee $v (v128.load offset=32 (local.get $i))) (local.get $lf))
 *                               (i8x16.eq (local.get $v) (local.get $cr))))
 *       (i32.shl (i8x16.bitmask (v128.or (i8x16.eq (local.tee $v (v128.load offset=48 (local.get $i))) (local.get $lf))
 *                                        (i8x16.eq (local.get $v) (local.get $cr))))
 *                (i32.const 16)))) (i64.const 32))))
 *     (if (i32.lt_u (local.tee $rest (i32.sub (local.get $len) (local.get $i))) (i32.const 64))
 *       (then (local.set $m (i64.and (local.get $m) (i64.sub (i64.shl (i64.const 1) (i64.extend_i32_u (local.get $rest))) (i64.const 1))))))
 *     (block $none (loop $ends
 *       (br_if $none (i64.eqz (local.get $m)))
 *       (local.set $at (i32.add (local.get $i) (i32.wrap_i64 (i64.ctz (local.get $m)))))
 *       (local.set $m (i64.and (local.get $m) (i64.sub (local.get $m) (i64.const 1))))
 *       (local.set $end (i32.add (local.get $base) (local.get $at)))
 *       (if (i32.ge_s (local.get $end) (local.get $start))
 *         (then
 *           (local.set $next (i32.add (i32.add (local.get $end) (i32.const 1))
 *             (i32.eq (i32.load16_u align=1 (local.get $at)) (i32.const 2573))))
 *           (if (i32.eqz (local.get $n))
 *             (then (local.set $first (local.get $end)) (local.set $firstNext (local.get $next)))
 *             (else (local.set $longest (select (i32.sub (local.get $end) (local.get $start)) (local.get $longest)
 *               (i32.gt_s (i32.sub (local.get $end) (local.get $start)) (local.get $longest))))))
 *           (local.set $n (i32.add (local.get $n) (i32.const 1)))
 *           (local.set $start (local.get $next))))
 *       (br $ends)))
 *     (local.set $i (i32.add (local.get $i) (i32.const 64)))
 *     (br $turns)))
 *   (i32.store offset=327744 (i32.const 0) (local.get $n))
 *   (i32.store offset=327748 (i32.const 0) (local.get $first))
 *   (i32.store offset=327752 (i32.const 0) (local.get $firstNext))
 *   (i32.store offset=327756 (i32.const 0) (local.get $start))
 *   (i32.store offset=327760 (i32.const 0) (local.get $longest))
 *   (local.get $n))
 * ```
 */
const MODULE =
  'AGFzbQEAAAABDwJgBH9/f38Bf2ACf38BfwMDAgABBQMBAAYHGQMGbWVtb3J5AgAEZmluZAAABWNvdW50AAEK0AQCzgECBH8DeyAB/Q8hCCAC/Q8hCQJAA0AgBCAATw0BIAT9AAQAIgogCP0jIAogCf0j/VD9ZCAE/QAEECIKIAj9IyAKIAn9I/1Q/WRBEHRyIQYgACAEayIHQSBJBEAgBkEBIAd0QQFrcSEGCyAFQQJ0IAMgBGogBmhqNgLAgAQgBSAGQQBHaiEFIAYgBkEBa3EhBgJAA0AgBkUNASAFQQJ0IAMgBGogBmhqNgLAgAQgBUEBaiEFIAYgBkEBa3EhBgwACwsgBEEgaiEEDAALCyAFC/0CBAF/AX4JfwN7QQAoAsCAFCEIQQAoAsSAFCEJQQAoAsiAFCEKQQAoAsyAFCELQQAoAtCAFCEMQQr9DyEOQQ39DyEPAkADQCACIABPDQEgAv0ABAAiDSAO/SMgDSAP/SP9UP1kIAL9AAQQIg0gDv0jIA0gD/0j/VD9ZEEQdHKtIQMgAyAC/QAEICINIA79IyANIA/9I/1Q/WQgAv0ABDAiDSAO/SMgDSAP/SP9UP1kQRB0cq1CIIaEIQMgACACayIEQcAASQRAIANCASAErYZCAX2DIQMLAkADQCADUA0BIAIgA3qnaiEFIAMgA0IBfYMhAyABIAVqIQYgBiALTgRAIAZBAWogBS8AAEGNFEZqIQcgCEUEQCAGIQkgByEKBSAGIAtrIAwgBiALayAMShshDAsgCEEBaiEIIAchCwsMAAsLIAJBwABqIQIMAAsLQQAgCDYCwIAUQQAgCTYCxIAUQQAgCjYCyIAUQQAgCzYCzIAUQQAgDDYC0IAUIAgL';

interface Exports {
  find(length: number, a: number, b: number, base: number): number;
  count(length: number, base: number): number;
  memory: { readonly buffer: ArrayBuffer };
}

/**
 * The part of the WebAssembly global this file uses, declared here because the package's own type check
 * (TypeDoc's, per package) sees only ES and Node's types, neither of which declares it.
 */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: object };
};

/**
 * Finds bytes 16 at a time with WebAssembly SIMD, where a native search per line costs a call each (Node's
 * `Buffer#indexOf`, ~20 ns) or scans byte by byte (V8's `Uint8Array#indexOf`): a window is copied in and every
 * position of either byte comes back in one call. `undefined` where the module does not compile (no
 * WebAssembly SIMD, or a page whose content security policy forbids WebAssembly): the cores then search a
 * line at a time, as without it.
 */
function compileBytePositions(): BytePositions | undefined {
  let exports: Exports;
  try {
    const bytes = Uint8Array.from(atob(MODULE), (char) => char.charCodeAt(0));
    exports = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as Exports;
  } catch {
    return undefined;
  }
  const heap = new Uint8Array(exports.memory.buffer);
  const out = new Int32Array(exports.memory.buffer, OUT_OFFSET);
  const state = new Int32Array(exports.memory.buffer, COUNT_STATE, 5);
  const { find, count } = exports;
  return Object.freeze({
    windowBytes: WINDOW_BYTES,
    find(bytes: Uint8Array, from: number, a: number, b: number): Int32Array {
      const length = Math.max(0, Math.min(WINDOW_BYTES, bytes.length - from));
      heap.set(bytes.subarray(from, from + length));
      return out.subarray(0, find(length, a, b, from));
    },
    countLineEnds(bytes: Uint8Array): LineEndCount {
      state.fill(0);
      for (let from = 0; from < bytes.length; from += WINDOW_BYTES) {
        const length = Math.min(WINDOW_BYTES, bytes.length - from);
        // With the byte after the window (a CR's LF); a CR at the chunk's end is a line end of its own.
        heap.set(bytes.subarray(from, from + length + 1));
        if (from + length === bytes.length) heap[length] = 0;
        count(length, from);
      }
      return {
        count: state[0] as number,
        firstEnd: state[1] as number,
        firstNext: state[2] as number,
        next: state[3] as number,
        longestAfterFirst: state[4] as number,
      };
    },
  });
}

/** The web shell's bulk byte search, shared by its stage streams (each call's answer is read before the next). */
export const webBytePositions: BytePositions | undefined = compileBytePositions();
