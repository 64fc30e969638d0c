import type { CursorMove, CursorPlace } from '../screen/screen-cursor';

/** Applies a CSI sequence: `params[0, count)` are its parameters (0 where one was left out). */
export type CsiHandler = (params: Int32Array, count: number) => void;
/** Applies an ESC sequence or a C0 control. */
export type Handler = () => void;

/**
 * What a sequence does in a redraw frame, for the frame simulation (see `frames/`), registered with its
 * handler: the kind of step, and for a move the screen's own {@link CursorMove}, with `target` taking a place
 * where the sequence's parameters send it (the simulation keeps it on the screen after, as the screen does).
 * A sequence without one ends a frame.
 */
export interface FrameStep {
  kind: FrameStepKind;
  move?: CursorMove;
  target?: (params: Int32Array, count: number, place: CursorPlace) => void;
}

/** The kinds of {@link FrameStep}. */
export const FrameStepKind = {
  /** A relative or one-axis move: needs the cursor known. */
  move: 1,
  /** An absolute position (CUP, HVP): needs no known cursor. */
  position: 2,
  eraseInLine: 3,
  eraseInDisplay: 4,
  saveCursor: 5,
  restoreCursor: 6,
  /** Private modes (DECSET, DECRST): only those that change no drawing pass. */
  privateModes: 7,
  /** Colours and other renditions: no cells, no cursor. */
  rendition: 8,
} as const;
export type FrameStepKind = (typeof FrameStepKind)[keyof typeof FrameStepKind];

/** Which sequence a handler is for, as xterm.js's `registerCsiHandler` names it: `final` and at most one of each other byte. */
export interface SequenceId {
  /** A CSI's private marker: `<`, `=`, `>` or `?`. */
  prefix?: string;
  /** The intermediate byte (0x20–0x2F). */
  intermediates?: string;
  final: string;
}

/**
 * `step` with every field present, in one order: the simulation reads steps at one site, which a step of
 * another shape would send back to unoptimized code (a "wrong map" deoptimization) the first time it came.
 */
function sameShape(step: FrameStep): FrameStep {
  return { kind: step.kind, move: step.move, target: step.target };
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
  /** Frame steps of CSI sequences without marker or intermediate, by final byte, as `#plainCsi`. */
  readonly #plainCsiSteps: (FrameStep | undefined)[] = new Array(0x80);
  readonly #csiSteps = new Map<number, FrameStep>();
  readonly #escSteps = new Map<number, FrameStep>();

  /** Registers `handler` for the sequence `id`, and `step`, what it does in a redraw frame, if frames may hold it. */
  registerCsiHandler(id: SequenceId, handler: CsiHandler, step?: FrameStep): void {
    if (id.prefix === undefined && id.intermediates === undefined)
      this.#plainCsi[id.final.charCodeAt(0)] = handler;
    else this.#csi.set(idKey(id), handler);
    if (step === undefined) return;
    if (id.prefix === undefined && id.intermediates === undefined)
      this.#plainCsiSteps[id.final.charCodeAt(0)] = sameShape(step);
    else this.#csiSteps.set(idKey(id), sameShape(step));
  }

  registerEscHandler(id: Omit<SequenceId, 'prefix'>, handler: Handler, step?: FrameStep): void {
    this.#esc.set(idKey(id), handler);
    if (step !== undefined) this.#escSteps.set(idKey(id), sameShape(step));
  }

  /** What the CSI sequence does in a redraw frame; undefined where a frame may not hold it. */
  csiFrameStep(prefix: number, intermediate: number, final: number): FrameStep | undefined {
    if (prefix === 0 && intermediate === 0) return this.#plainCsiSteps[final];
    return this.#csiSteps.get(keyOf(prefix, intermediate, final));
  }

  /** What the ESC sequence does in a redraw frame; undefined where a frame may not hold it. */
  escFrameStep(intermediate: number, final: number): FrameStep | undefined {
    return this.#escSteps.get(keyOf(0, intermediate, final));
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
