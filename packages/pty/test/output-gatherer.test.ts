import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { OutputGatherer } from '../src/output-gatherer';

/** A gatherer that records what it passes on, as the strings it joined. */
function recordingGatherer() {
  const passed: string[] = [];
  const gatherer = new OutputGatherer((chunk) => passed.push(chunk.toString()));
  return { gatherer, passed };
}

// A terminal gives some 4 KiB a read, one read a turn of the event loop: the gatherer joins the reads
// of consecutive turns and passes them on at the first turn that brings none.
describe('OutputGatherer', () => {
  it('should pass reads on joined once a turn of the event loop brings no more', async () => {
    const { gatherer, passed } = recordingGatherer();
    gatherer.add(Buffer.from('a'));
    await nextTurn();
    gatherer.add(Buffer.from('b'));
    await nextTurn();
    gatherer.add(Buffer.from('c'));
    expect(passed).toEqual([]);
    await nextTurn();
    await nextTurn();
    await nextTurn();
    expect(passed).toEqual(['abc']);
  });

  it('should pass a lone read on at the next turn, not hold it for more', async () => {
    const { gatherer, passed } = recordingGatherer();
    gatherer.add(Buffer.from('first line\n'));
    await nextTurn();
    await nextTurn();
    expect(passed).toEqual(['first line\n']);
  });

  it('should pass 64 KiB on at once while reads keep coming', () => {
    const { gatherer, passed } = recordingGatherer();
    for (let read = 0; read < 16; read++) gatherer.add(Buffer.alloc(4096, 'x'));
    expect(passed.map((chunk) => chunk.length)).toEqual([65_536]);
  });

  it('should pass everything on when flushed, and nothing after a discard', async () => {
    const { gatherer, passed } = recordingGatherer();
    gatherer.add(Buffer.from('end'));
    gatherer.flush();
    gatherer.add(Buffer.from('dropped'));
    gatherer.discard();
    await nextTurn();
    await nextTurn();
    expect(passed).toEqual(['end']);
  });
});
