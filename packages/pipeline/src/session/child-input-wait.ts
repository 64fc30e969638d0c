import { type InputSource, type InputWait, InputWaitWatch } from '@pipeguard/pty';
import type { ChildLike } from '../capture/child-like';

/** How {@link watchChildInputWait} watches a child. */
export interface ChildInputWaitSettings {
  /** What the child would read: its terminal, or its stdin (a live stream on pipes). */
  input: InputSource;
  inputWaitMs: number;
  /** Called when a wait is found (with it) and when it ends (`null`). */
  onChange: (wait: InputWait | null) => void;
}

/**
 * Feeds a child's output to an {@link InputWaitWatch} (a second `'data'` listener beside the capture's, which
 * changes nothing of the flow) and stops watching once the child exits. `null` when the child did not start.
 */
export function watchChildInputWait(
  child: ChildLike,
  settings: ChildInputWaitSettings,
): InputWaitWatch | null {
  const { pid, stdout, stderr } = child;
  if (pid === undefined) return null;
  const watch = new InputWaitWatch({
    pid,
    input: settings.input,
    inputWaitMs: settings.inputWaitMs,
    onChange: settings.onChange,
  });
  stdout?.on('data', (chunk: Uint8Array) => watch.output(chunk, 'stdout'));
  stderr?.on('data', (chunk: Uint8Array) => watch.output(chunk, 'stderr'));
  child.once('exit', () => watch.stop());
  return watch;
}
