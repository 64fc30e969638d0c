import { describeReceived, validateString } from '@pipeguard/shared/core';
import type { LegacyCodec } from './legacy-codec';

/** A fallback setting a core takes: an encoding, a list tried in order, or `null` (off). */
export type FallbackList = string | readonly string[] | null;

/**
 * Validates a fallback setting against `codec` and returns the encodings to try, in order (empty: off).
 * `'auto'` is not resolved here: the host's codepage is the shell's business.
 * @throws TypeError for a wrong type or an encoding the codec does not support.
 * @throws RangeError for an empty list.
 */
export function resolveFallbackList(fallback: unknown, codec: LegacyCodec | undefined): string[] {
  if (fallback === null || fallback === undefined) return [];
  if (typeof fallback === 'string') return [validateEncoding('fallback', fallback, codec)];
  if (!Array.isArray(fallback)) {
    throw new TypeError(
      `The "fallback" option must be of type string, an array of strings or null. Received ${describeReceived(fallback)}`,
    );
  }
  if (fallback.length === 0) {
    throw new RangeError('The "fallback" option must be a non-empty array of encodings. Received []');
  }
  return fallback.map((encoding: unknown, index) => validateEncoding(`fallback[${index}]`, encoding, codec));
}

function validateEncoding(name: string, encoding: unknown, codec: LegacyCodec | undefined): string {
  validateString(name, encoding);
  if (codec === undefined) {
    throw new TypeError(
      `The "codec" option must be given with a fallback. Received ${describeReceived(codec)}`,
    );
  }
  if (!codec.encodingExists(encoding)) {
    throw new TypeError(
      `The "${name}" option must be an encoding ${codec.name} supports. Received ${describeReceived(encoding)}`,
    );
  }
  return encoding;
}
