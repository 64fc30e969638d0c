import type { BytePositions } from '@pipeguard/line-splitter/core';

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

interface Exports {
  find(length: number, a: number, b: number, base: number): number;
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
  const { find } = exports;
  return Object.freeze({
    windowBytes: WINDOW_BYTES,
    find(bytes: Uint8Array, from: number, a: number, b: number): Int32Array {
      const length = Math.max(0, Math.min(WINDOW_BYTES, bytes.length - from));
      heap.set(bytes.subarray(from, from + length));
      return out.subarray(0, find(length, a, b, from));
    },
  });
}

/** The web shell's bulk byte search, shared by its stage streams (each call's answer is read before the next). */
export const webBytePositions: BytePositions | undefined = compileBytePositions();
