import type { HandlerRegistry } from './parser/handler-registry';
import type { Printer } from './screen/printer';
import type { Screen } from './screen/screen';

const BS = 0x08;
const HT = 0x09;
const VT = 0x0b;
const FF = 0x0c;

/** The first parameter as a count: 0 (or left out) means 1. */
const count = (params: Int32Array): number => (params[0] as number) || 1;

/**
 * Registers the sequences the renderer applies, each on the screen as xterm.js applies it (see the README
 * for the list). LF and CR are the input loop's own (a CRLF is a line end, a bare CR begins drawing).
 */
export function registerTerminalHandlers(registry: HandlerRegistry, screen: Screen, printer: Printer): void {
  const csi = (final: string, handler: (params: Int32Array, paramCount: number) => void) =>
    registry.registerCsiHandler({ final }, handler);
  const esc = (final: string, handler: () => void) => registry.registerEscHandler({ final }, handler);

  csi('@', (params) => screen.insertCharacters(count(params)));
  csi('A', (params) => screen.cursorUp(count(params)));
  csi('B', (params) => screen.cursorDown(count(params)));
  csi('C', (params) => screen.cursorForward(count(params)));
  csi('D', (params) => screen.cursorBackward(count(params)));
  csi('E', (params) => screen.nextLine(count(params)));
  csi('F', (params) => screen.previousLine(count(params)));
  csi('G', (params) => screen.column(count(params)));
  const position = (params: Int32Array, paramCount: number) =>
    screen.position(count(params), paramCount >= 2 ? (params[1] as number) || 1 : 1);
  csi('H', position);
  csi('f', position);
  csi('I', (params) => screen.tabForward(count(params)));
  csi('J', (params) => screen.eraseInDisplay(params[0] as number));
  csi('K', (params) => screen.eraseInLine(params[0] as number));
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
  csi('`', (params) => screen.column(count(params)));
  csi('a', (params) => screen.cursorForward(count(params)));
  csi('b', (params) => printer.repeat(count(params)));
  csi('d', (params) => screen.line(count(params)));
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
  registry.registerCsiHandler(
    { prefix: '?', final: 'h' },
    modes(true, (mode, on) => screen.setPrivateMode(mode, on)),
  );
  registry.registerCsiHandler(
    { prefix: '?', final: 'l' },
    modes(false, (mode, on) => screen.setPrivateMode(mode, on)),
  );
  csi('r', (params, paramCount) =>
    screen.setScrollRegion(params[0] as number, paramCount >= 2 ? (params[1] as number) : 0),
  );
  csi('s', () => screen.saveCursor());
  csi('u', () => screen.restoreCursor());
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

  esc('7', () => screen.saveCursor());
  esc('8', () => screen.restoreCursor());
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
