import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xtermRows } from './oracle';
import { anyTerminalProgram, redrawProgram, terminalSize } from './programs';

// The oracle draws with xterm's private synchronous write, 1 ms a comparison faster than its public one:
// this keeps it honest, on the programs the oracle properties draw.
describe('the @xterm/headless oracle', () => {
  it('should show the same screen and scrollback whether it draws with the synchronous or the public write', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(anyTerminalProgram, redrawProgram),
        terminalSize,
        fc.boolean(),
        async (bytes, { cols, maxLiveLines }, wrapping) => {
          const width = wrapping ? cols : null;
          expect(await xtermRows(bytes, maxLiveLines, width)).toEqual(
            await xtermRows(bytes, maxLiveLines, width, false),
          );
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });

  it('should draw on a fresh terminal after a drawing that made xterm throw', async () => {
    // Arrange: xterm 6.0.0 throws on ED 1 at the last cell of a one-row screen, then ignores every write.
    const crash = Buffer.from('ab\x1b[1J');
    // Act
    const crashed = xtermRows(crash, 1, 3);
    // Assert
    await expect(crashed).rejects.toThrow();
    expect(await xtermRows(Buffer.from('xyz'), 1, 3)).toEqual(['xyz']);
  });

  it('should keep every line of a drawing longer than its first scrollback', async () => {
    const lines = Array.from({ length: 3000 }, (_, index) => `line ${String(index)}`);
    const rows = await xtermRows(Buffer.from(`${lines.join('\n')}\n`), 5, 40);
    expect(rows).toEqual(lines);
  });

  // xterm's reset leaves its parser inside an unfinished sequence: the next drawing's first bytes completed it.
  it.each([
    ['a CSI', '\x1b[;'],
    ['an OSC', '\x1b]0;title'],
    ['a DCS', '\x1bP1$r'],
    ['a UTF-8 character', '\xe2\x96'],
  ])(
    'should draw each input from the ground state after one that ends inside %s',
    async (_name, unfinished) => {
      await xtermRows(Buffer.from(unfinished, 'latin1'), 5, 40);
      expect(await xtermRows(Buffer.from('\r z; z'), 5, 40)).toEqual([' z; z']);
    },
  );
});
