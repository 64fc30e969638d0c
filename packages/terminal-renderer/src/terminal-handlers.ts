import { type FrameStep, FrameStepKind, type HandlerRegistry } from './parser/handler-registry';
import type { Printer } from './screen/printer';
import type { Screen } from './screen/screen';
import type { CursorMove } from './screen/screen-cursor';

const BS = 0x08;
const HT = 0x09;
const VT = 0x0b;
const FF = 0x0c;

/** The first parameter as a count: 0 (or left out) means 1. */
const count = (params: Int32Array): number => (params[0] as number) || 1;
/** The second parameter as a count (CUP's column). */
const second = (params: Int32Array, paramCount: number): number =>
  paramCount >= 2 ? (params[1] as number) || 1 : 1;
const none = (): number => 0;

/**
 * Registers the sequences the renderer applies, each on the screen as xterm.js applies it (see the README
 * for the list), and with those a redraw frame may hold, what each does there (the frame simulation's
 * steps, moves worked out by the screen's cursor model). LF and CR are the input loop's own (a CRLF is a
 * line end, a bare CR begins drawing).
 */
export function registerTerminalHandlers(registry: HandlerRegistry, screen: Screen, printer: Printer): void {
  const csi = (final: string, handler: (params: Int32Array, paramCount: number) => void, step?: FrameStep) =>
    registry.registerCsiHandler({ final }, handler, step);
  const esc = (final: string, handler: () => void, step?: FrameStep) =>
    registry.registerEscHandler({ final }, handler, step);

  /** CSI `final` as the cursor move `move`: its handler and its frame step read the same arguments. */
  const cursorMove = (
    final: string,
    move: CursorMove,
    kind: FrameStepKind = FrameStepKind.move,
    secondOf: (params: Int32Array, paramCount: number) => number = none,
  ) =>
    csi(final, (params, paramCount) => screen.move(move, count(params), secondOf(params, paramCount)), {
      kind,
      move,
      target: (params, paramCount, place) => move.target(place, count(params), secondOf(params, paramCount)),
    });

  csi('@', (params) => screen.insertCharacters(count(params)));
  cursorMove('A', screen.up);
  cursorMove('B', screen.down);
  cursorMove('C', screen.forward);
  cursorMove('D', screen.backward);
  csi('E', (params) => screen.nextLine(count(params)));
  csi('F', (params) => screen.previousLine(count(params)));
  cursorMove('G', screen.toColumn);
  // A position needs no known cursor in a frame (which is simulated only outside origin mode).
  cursorMove('H', screen.toPosition, FrameStepKind.position, second);
  cursorMove('f', screen.toPosition, FrameStepKind.position, second);
  csi('I', (params) => screen.tabForward(count(params)));
  csi('J', (params) => screen.eraseInDisplay(params[0] as number), { kind: FrameStepKind.eraseInDisplay });
  csi('K', (params) => screen.eraseInLine(params[0] as number), { kind: FrameStepKind.eraseInLine });
  // SGR: the renderer keeps no renditions; registered for the frame simulation, which passes over it.
  csi('m', () => {}, { kind: FrameStepKind.rendition });
  // DECSED, DECSEL: the renderer keeps no protected cells, so they erase as ED and EL do.
  registry.registerCsiHandler({ prefix: '?', final: 'J' }, (params) =>
    screen.eraseInDisplay(params[0] as number),
  );
  registry.registerCsiHandler({ prefix: '?', final: 'K' }, (params) =>
    screen.eraseInLine(params[0] as number),
  );
  csi('L', (params) => screen.insertLines(count(params)));
  csi('M', (params) => screen.deleteLines(count(params)));
  csi('P', (params) => screen.deleteCharacters(count(params)));
  csi('S', (params) => screen.scrollUp(count(params)));
  csi('T', (params) => screen.scrollDown(count(params)));
  csi('^', (params) => screen.scrollDown(count(params)));
  csi('X', (params) => screen.eraseCharacters(count(params)));
  csi('Z', (params) => screen.tabBackward(count(params)));
  cursorMove('`', screen.toColumn);
  csi('a', (params) => screen.move(screen.forward, count(params)));
  csi('b', (params) => printer.repeat(count(params)));
  cursorMove('d', screen.toLine);
  csi('e', (params) => screen.move(screen.downRelative, count(params)));
  csi('g', (params) => screen.clearTabStop(params[0] as number));
  const modes =
    (on: boolean, apply: (mode: number, on: boolean) => void) => (params: Int32Array, paramCount: number) => {
      for (let index = 0; index < paramCount; index++) apply(params[index] as number, on);
    };
  csi(
    'h',
    modes(true, (mode, on) => screen.setMode(mode, on)),
  );
  csi(
    'l',
    modes(false, (mode, on) => screen.setMode(mode, on)),
  );
  const privateModes: FrameStep = { kind: FrameStepKind.privateModes };
  registry.registerCsiHandler(
    { prefix: '?', final: 'h' },
    modes(true, (mode, on) => screen.setPrivateMode(mode, on)),
    privateModes,
  );
  registry.registerCsiHandler(
    { prefix: '?', final: 'l' },
    modes(false, (mode, on) => screen.setPrivateMode(mode, on)),
    privateModes,
  );
  csi('r', (params, paramCount) =>
    screen.setScrollRegion(params[0] as number, paramCount >= 2 ? (params[1] as number) : 0),
  );
  const save: FrameStep = { kind: FrameStepKind.saveCursor };
  const restore: FrameStep = { kind: FrameStepKind.restoreCursor };
  csi('s', () => screen.saveCursor(), save);
  csi('u', () => screen.restoreCursor(), restore);
  registry.registerCsiHandler({ intermediates: ' ', final: '@' }, (params) =>
    screen.shiftColumns(0, count(params), true),
  );
  registry.registerCsiHandler({ intermediates: ' ', final: 'A' }, (params) =>
    screen.shiftColumns(0, count(params), false),
  );
  registry.registerCsiHandler({ intermediates: "'", final: '}' }, (params) =>
    screen.shiftColumns(screen.buffer.x, count(params), false),
  );
  registry.registerCsiHandler({ intermediates: "'", final: '~' }, (params) =>
    screen.shiftColumns(screen.buffer.x, count(params), true),
  );
  registry.registerCsiHandler({ intermediates: '!', final: 'p' }, () => screen.softReset());

  esc('7', () => screen.saveCursor(), save);
  esc('8', () => screen.restoreCursor(), restore);
  esc('D', () => screen.index());
  esc('E', () => screen.nextLineControl());
  esc('H', () => screen.setTabStop());
  esc('M', () => screen.reverseIndex());
  esc('c', () => screen.reset());
  registry.registerEscHandler({ intermediates: '#', final: '8' }, () => screen.alignmentPattern());

  registry.registerExecuteHandler(BS, () => screen.backspace());
  // The input offset is the one after the control: the tab byte's own is the one before it.
  registry.registerExecuteHandler(HT, () => printer.tab(screen.inputOffset - 1));
  registry.registerExecuteHandler(VT, () => screen.lineFeed(null));
  registry.registerExecuteHandler(FF, () => screen.lineFeed(null));
}
