import { describeReceived, validateInteger, validateOptionsObject } from '@pipeguard/shared';

/** The caps of the live lines' queue, per stream: when a consumer falls behind, newer lines are dropped. */
export interface LiveLinesQueueOptions {
  /** Lines waiting for the consumer. @defaultValue `10000` (lines) */
  maxQueuedLines?: number;
  /** Bytes of lines waiting for the consumer. @defaultValue `1048576` (bytes, 1 MiB) */
  maxQueuedBytes?: number;
}

/**
 * Resolves a live-lines option (`true`, `false` or the queue's caps) to the caps, or `null` for no live
 * lines; `name` is the option's name on the caller's surface, for the messages.
 * @throws TypeError for a value that is neither a boolean nor an object, or an unknown cap; RangeError for a cap below 1.
 */
export function resolveLiveLinesOption(name: string, value: unknown): LiveLinesQueueOptions | null {
  if (value === false) return null;
  if (value === true) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(
      `The "${name}" option must be a boolean or an object such as { maxQueuedLines }. Received ${describeReceived(value)}`,
    );
  }
  validateOptionsObject(value, ['maxQueuedLines', 'maxQueuedBytes']);
  const { maxQueuedLines, maxQueuedBytes } = value as LiveLinesQueueOptions;
  if (maxQueuedLines !== undefined) validateInteger(`${name}.maxQueuedLines`, maxQueuedLines, { minimum: 1 });
  if (maxQueuedBytes !== undefined) validateInteger(`${name}.maxQueuedBytes`, maxQueuedBytes, { minimum: 1 });
  return {
    ...(maxQueuedLines === undefined ? {} : { maxQueuedLines }),
    ...(maxQueuedBytes === undefined ? {} : { maxQueuedBytes }),
  };
}
