import { onTestFinished } from 'vitest';
import {
  type InputWait,
  InputWaitWatch,
  type PtyChild,
  type PtyChildOptions,
  spawnPtyChild,
} from '../../src/index';

/** A command under a pseudo-terminal with a real watch on it. */
export interface WatchedPty {
  child: PtyChild;
  watch: InputWaitWatch;
  /** The first wait the watch reports. */
  firstWait: Promise<InputWait>;
  /** The output so far, as latin1 text. */
  output(): string;
}

/**
 * Spawns `file args` under a pseudo-terminal, feeds its output to an {@link InputWaitWatch} on the real
 * clock and /proc, and ends both (the whole group) when the test finishes.
 */
export function watchedPty(file: string, args: string[], options?: PtyChildOptions): WatchedPty {
  const child = spawnPtyChild(file, args, options);
  let output = '';
  let found: (wait: InputWait) => void = () => {};
  const firstWait = new Promise<InputWait>((resolve) => {
    found = resolve;
  });
  const watch = new InputWaitWatch({
    pid: child.pid as number,
    input: 'terminal',
    onChange: (wait) => {
      if (wait !== null) found(wait);
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('latin1');
    watch.output(chunk);
  });
  onTestFinished(async () => {
    watch.stop();
    child.kill('SIGKILL');
    await exited;
  });
  return { child, watch, firstWait, output: () => output };
}
