import type { BytePositions, LineEndCount } from '@pipeguard/line-splitter/core';

/** Bytes one call looks at: the module's input window. */
const WINDOW_BYTES = 64 * 1024;
/** Where the module writes positions: past the window and the 32 bytes a last turn may read. */
const OUT_OFFSET = WINDOW_BYTES + 64;

/**
 * The module, assembled by hand (no toolchain), 259 bytes: one function, and a memory of 6 pages (the window
 * at 0, up to 64 Ki positions at {@link OUT_OFFSET}). 32 bytes a turn; a turn's first position is stored
 * whether or not there is one (the count grows only if there is), so that a line per turn or none costs no
 * mispredicted branch:
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
 */
const MODULE =
  'AGFzbQEAAAABCQFgBH9/f38BfwMCAQAFAwEABgcRAgRmaW5kAAAGbWVtb3J5AgAK0QEBzgECBH8DeyAB/Q8hCCAC/Q8hCQJAA0AgBCAATw0BIAT9AAQAIgogCP0jIAogCf0j/VD9ZCAE/QAEECIKIAj9IyAKIAn9I/1Q/WRBEHRyIQYgACAEayIHQSBJBEAgBkEBIAd0QQFrcSEGCyAFQQJ0IAMgBGogBmhqNgLAgAQgBSAGQQBHaiEFIAYgBkEBa3EhBgJAA0AgBkUNASAFQQJ0IAMgBGogBmhqNgLAgAQgBUEBaiEFIAYgBkEBa3EhBgwACwsgBEEgaiEEDAALCyAFCw==';

/** Where the counting module's window starts: the byte before it (a CR, or not) is at `COUNT_AT - 1`. */
const COUNT_AT = 32;
/** Where the counting module keeps its state across windows: `longGap`, `first`, `last` (3 x i32). */
const COUNT_STATE = COUNT_AT + WINDOW_BYTES + 64;

/**
 * The counting module, assembled from this text by wabt's `wat2wasm` (344 bytes), a memory of 2 pages: a
 * window at {@link COUNT_AT}, its state at {@link COUNT_STATE}. 32 bytes a turn, no branch but the loop's:
 * the line ends' mask (LF or CR) and the CRLFs' (an LF after a CR, the byte before the window included) are
 * counted by popcount, and the turn's first and last line-end byte move `first`, `last` and `longGap` by
 * `select` (the distance from the last line end of an earlier turn to this turn's first).
 * ```wat
 * (module
 *   (memory (export "memory") 2)
 *   (func (export "count") (param $len i32) (param $base i32) (result i32)
 *     (local $i i32) (local $n i32) (local $m i32) (local $c i32) (local $has i32) (local $at i32)
 *     (local $gap i32) (local $maxgap i32) (local $first i32) (local $last i32)
 *     (local $v v128) (local $lf v128) (local $cr v128)
 *     (local.set $maxgap (i32.load offset=65632 (i32.const 0)))
 *     (local.set $first (i32.load offset=65636 (i32.const 0)))
 *     (local.set $last (i32.load offset=65640 (i32.const 0)))
 *     (local.set $lf (i8x16.splat (i32.const 10)))
 *     (local.set $cr (i8x16.splat (i32.const 13)))
 *     (block $done (loop $turns
 *       (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
 *       (local.set $m (i32.or
 *         (i8x16.bitmask (v128.or (i8x16.eq (local.tee $v (v128.load offset=32 (local.get $i))) (local.get $lf))
 *                                 (i8x16.eq (local.get $v) (local.get $cr))))
 *         (i32.shl (i8x16.bitmask (v128.or (i8x16.eq (local.tee $v (v128.load offset=48 (local.get $i))) (local.get $lf))
 *                                          (i8x16.eq (local.get $v) (local.get $cr))))
 *                  (i32.const 16))))
 *       (local.set $c (i32.or
 *         (i8x16.bitmask (v128.and (i8x16.eq (v128.load offset=32 (local.get $i)) (local.get $lf))
 *                                  (i8x16.eq (v128.load offset=31 (local.get $i)) (local.get $cr))))
 *         (i32.shl (i8x16.bitmask (v128.and (i8x16.eq (v128.load offset=48 (local.get $i)) (local.get $lf))
 *                                           (i8x16.eq (v128.load offset=47 (local.get $i)) (local.get $cr))))
 *                  (i32.const 16))))
 *       (local.set $n (i32.add (local.get $n) (i32.sub (i32.popcnt (local.get $m)) (i32.popcnt (local.get $c)))))
 *       (local.set $has (i32.ne (local.get $m) (i32.const 0)))
 *       (local.set $at (i32.add (i32.add (local.get $base) (local.get $i)) (i32.ctz (local.get $m))))
 *       (local.set $gap (i32.sub (local.get $at) (local.get $last)))
 *       (local.set $maxgap (select (local.get $gap) (local.get $maxgap)
 *         (i32.and (i32.and (local.get $has) (i32.ge_s (local.get $last) (i32.const 0)))
 *                  (i32.gt_s (local.get $gap) (local.get $maxgap)))))
 *       (local.set $first (select (local.get $at) (local.get $first)
 *         (i32.and (local.get $has) (i32.lt_s (local.get $first) (i32.const 0)))))
 *       (local.set $last (select
 *         (i32.sub (i32.add (i32.add (local.get $base) (local.get $i)) (i32.const 31)) (i32.clz (local.get $m)))
 *         (local.get $last) (local.get $has)))
 *       (local.set $i (i32.add (local.get $i) (i32.const 32)))
 *       (br $turns)))
 *     (i32.store offset=65632 (i32.const 0) (local.get $maxgap))
 *     (i32.store offset=65636 (i32.const 0) (local.get $first))
 *     (i32.store offset=65640 (i32.const 0) (local.get $last))
 *     (local.get $n))
 * )
 * ```
 */
const COUNT_MODULE =
  'AGFzbQEAAAABBwFgAn9/AX8DAgEABQMBAAIHEgIGbWVtb3J5AgAFY291bnQAAAqnAgGkAgIKfwN7QQAoAuCABCEJQQAoAuSABCEKQQAoAuiABCELQQr9DyENQQ39DyEOAkADQCACIABPDQEgAv0ABCAiDCAN/SMgDCAO/SP9UP1kIAL9AAQwIgwgDf0jIAwgDv0j/VD9ZEEQdHIhBCAC/QAEICAN/SMgAv0ABB8gDv0j/U79ZCAC/QAEMCAN/SMgAv0ABC8gDv0j/U79ZEEQdHIhBSADIARpIAVpa2ohAyAEQQBHIQYgASACaiAEaGohByAHIAtrIQggCCAJIAYgC0EATnEgCCAJSnEbIQkgByAKIAYgCkEASHEbIQogASACakEfaiAEZ2sgCyAGGyELIAJBIGohAgwACwtBACAJNgLggARBACAKNgLkgARBACALNgLogAQgAws=';

interface Exports {
  find(length: number, a: number, b: number, base: number): number;
  memory: { readonly buffer: ArrayBuffer };
}

interface CountExports {
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
  const exports = instantiate<Exports>(MODULE);
  const counting = instantiate<CountExports>(COUNT_MODULE);
  if (exports === undefined || counting === undefined) return undefined;
  const heap = new Uint8Array(exports.memory.buffer);
  const out = new Int32Array(exports.memory.buffer, OUT_OFFSET);
  const { find } = exports;
  return Object.freeze({
    windowBytes: WINDOW_BYTES,
    find(bytes: Uint8Array, from: number, a: number, b: number): Int32Array {
      const length = Math.max(0, Math.min(WINDOW_BYTES, bytes.length - from));
      heap.set(bytes.subarray(from, from + length));
      return out.subarray(0, find(length, a, b, from));
    },
    countLineEnds: lineEndCounter(counting),
  });
}

/** The module `base64` holds, instantiated; `undefined` where it does not compile. */
function instantiate<T>(base64: string): T | undefined {
  try {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as T;
  } catch {
    return undefined;
  }
}

/** `countLineEnds` over the counting module: a window at a time, its state carried in the module's memory. */
function lineEndCounter({ count, memory }: CountExports): (bytes: Uint8Array) => LineEndCount {
  const heap = new Uint8Array(memory.buffer);
  const state = new Int32Array(memory.buffer, COUNT_STATE, 3);
  return (bytes) => {
    state[0] = 0;
    state[1] = -1;
    state[2] = -1;
    let ends = 0;
    for (let from = 0; from < bytes.length; from += WINDOW_BYTES) {
      const length = Math.min(WINDOW_BYTES, bytes.length - from);
      // The byte before the window tells an LF there that ends a CRLF; zeros after it are no line end.
      heap[COUNT_AT - 1] = from === 0 ? 0 : (bytes[from - 1] as number);
      heap.set(bytes.subarray(from, from + length), COUNT_AT);
      heap.fill(0, COUNT_AT + length, COUNT_AT + length + 32);
      ends += count(length, from);
    }
    return { count: ends, longGap: state[0] as number, first: state[1] as number, last: state[2] as number };
  };
}

/** The web shell's bulk byte search, shared by its stage streams (each call's answer is read before the next). */
export const webBytePositions: BytePositions | undefined = compileBytePositions();
