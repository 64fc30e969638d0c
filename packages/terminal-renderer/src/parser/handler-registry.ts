/** Applies a CSI sequence: `params[0, count)` are its parameters (0 where one was left out). */
export type CsiHandler = (params: Int32Array, count: number) => void;
/** Applies an ESC sequence or a C0 control. */
export type Handler = () => void;

/** Which sequence a handler is for, as xterm.js's `registerCsiHandler` names it: `final` and at most one of each other byte. */
export interface SequenceId {
  /** A CSI's private marker: `<`, `=`, `>` or `?`. */
  prefix?: string;
  /** The intermediate byte (0x20–0x2F). */
  intermediates?: string;
  final: string;
}

function keyOf(prefix: number, intermediate: number, final: number): number {
  return (prefix << 16) | (intermediate << 8) | final;
}

function idKey(id: SequenceId): number {
  return keyOf(id.prefix?.charCodeAt(0) ?? 0, id.intermediates?.charCodeAt(0) ?? 0, id.final.charCodeAt(0));
}

/**
 * The handlers the parser calls, registered per final byte (and private marker and intermediate), as
 * xterm.js registers its CSI, ESC and C0 handlers: a sequence without one is removed without effect.
 */
export class HandlerRegistry {
  /** CSI handlers with neither marker nor intermediate, by final byte: the common case, without a map lookup. */
  readonly #plainCsi: (CsiHandler | undefined)[] = new Array(0x80);
  readonly #csi = new Map<number, CsiHandler>();
  readonly #esc = new Map<number, Handler>();
  readonly #execute: (Handler | undefined)[] = new Array(0x20);

  registerCsiHandler(id: SequenceId, handler: CsiHandler): void {
    if (id.prefix === undefined && id.intermediates === undefined)
      this.#plainCsi[id.final.charCodeAt(0)] = handler;
    else this.#csi.set(idKey(id), handler);
  }

  registerEscHandler(id: Omit<SequenceId, 'prefix'>, handler: Handler): void {
    this.#esc.set(idKey(id), handler);
  }

  registerExecuteHandler(byte: number, handler: Handler): void {
    this.#execute[byte] = handler;
  }

  csiHandler(prefix: number, intermediate: number, final: number): CsiHandler | undefined {
    if (prefix === 0 && intermediate === 0) return this.#plainCsi[final];
    return this.#csi.get(keyOf(prefix, intermediate, final));
  }

  escHandler(intermediate: number, final: number): Handler | undefined {
    return this.#esc.get(keyOf(0, intermediate, final));
  }

  executeHandler(byte: number): Handler | undefined {
    return this.#execute[byte];
  }
}
