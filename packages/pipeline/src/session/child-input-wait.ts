import { type InputSource, type InputWait, InputWaitWatch, lineText } from '@pipeguard/pty';
import type { RedactOptions } from '@pipeguard/secret-redactor/core';
import type { ChildLike } from '../capture/child-like';
import { noteRedactor } from '../preset/redact-note';

/** How {@link watchChildInputWait} watches a child. */
export interface ChildInputWaitSettings {
  /** What the child would read: its terminal, or its stdin (a live stream on pipes). */
  input: InputSource;
  inputWaitMs: number;
  /** The redactor's options the prompt goes through (the run's), or `null` when not redacting. */
  redact: RedactOptions | null;
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
    formatPrompt: promptFormat(settings.redact),
  });
  stdout?.on('data', (chunk: Uint8Array) => watch.output(chunk, 'stdout'));
  stderr?.on('data', (chunk: Uint8Array) => watch.output(chunk, 'stderr'));
  child.once('exit', () => watch.stop());
  return watch;
}

/** The prompt as the terminal shows it, redacted with the run's options when it redacts. */
export function promptFormat(redact: RedactOptions | null): (line: Uint8Array) => string {
  if (redact === null) return lineText;
  const redactNote = noteRedactor(redact);
  return (line) => redactNote(lineText(line));
}
