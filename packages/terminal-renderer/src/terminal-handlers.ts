import {
  type CursorPlace,
  type FrameStep,
  FrameStepKind,
  type HandlerRegistry,
} from './parser/handler-registry';
import type { Printer } from './screen/printer';
import type { Screen } from './screen/screen';

const BS = 0x08;
const HT = 0x09;
const VT = 0x0b;
const FF = 0x0c;

/** The first parameter as a count: 0 (or left out) means 1. */
const count = (params: Int32Array): number => (params[0] as number) || 1;

/** A frame step that moves the cursor to where `target` puts it (after keeping it on the screen, when `restrictsFirst`). */
const move = (
  target: (params: Int32Array, place: CursorPlace) => void,
  restrictsFirst = false,
): FrameStep => ({
  kind: FrameStepKind.move,
  target: (params, _count, place) => target(params, place),
  restrictsFirst,
});

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

  csi('@', (params) => screen.insertCharacters(count(params)));
  csi(
    'A',
    (params) => screen.cursorUp(count(params)),
    move((params, place) => {
      place.y = screen.lineUp(place.y, count(params));
    }, true),
  );
  csi(
    'B',
    (params) => screen.cursorDown(count(params)),
    move((params, place) => {
      place.y = screen.lineDown(place.y, count(params));
    }, true),
  );
  csi(
    'C',
    (params) => screen.cursorForward(count(params)),
    move((params, place) => {
      place.x = screen.clampColumn(place.x + count(params));
    }, true),
  );
  csi(
    'D',
    (params) => screen.cursorBackward(count(params)),
    move((params, place) => {
      place.x = screen.clampColumn(place.x - count(params));
    }, true),
  );
  csi('E', (params) => screen.nextLine(count(params)));
  csi('F', (params) => screen.previousLine(count(params)));
  const toColumn = move((params, place) => {
    place.x = screen.clampColumn(count(params) - 1);
  });
  csi('G', (params) => screen.column(count(params)), toColumn);
  const position = (params: Int32Array, paramCount: number) =>
    screen.position(count(params), paramCount >= 2 ? (params[1] as number) || 1 : 1);
  // Outside origin mode (frames are simulated only there): line and column of the screen.
  const positionStep: FrameStep = {
    kind: FrameStepKind.position,
    target: (params, paramCount, place) => {
      place.x = screen.clampColumn((paramCount >= 2 ? (params[1] as number) || 1 : 1) - 1);
      place.y = screen.clampLine(count(params) - 1);
    },
  };
  csi('H', position, positionStep);
  csi('f', position, positionStep);
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
  csi('`', (params) => screen.column(count(params)), toColumn);
  csi('a', (params) => screen.cursorForward(count(params)));
  csi('b', (params) => printer.repeat(count(params)));
  csi(
    'd',
    (params) => screen.line(count(params)),
    move((params, place) => {
      place.y = screen.clampLine(count(params) - 1);
    }),
  );
  csi('e', (params) => screen.lineRelative(count(params)));
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
