import { toBuffer } from '@pipeguard/shared';
import type { LegacyCodec } from './legacy-codec';
import { loadIconv } from './load-iconv';

/** iconv-lite as the fallback decoder's codec, loaded on its first use. */
export const iconvCodec: LegacyCodec = Object.freeze({
  name: 'iconv-lite',
  encodingExists: (encoding: string) => loadIconv().encodingExists(encoding),
  // stripBOM off: a unit is a slice of a stream, so a leading BOM-like sequence is text.
  decode: (bytes: Uint8Array, encoding: string) =>
    loadIconv().decode(toBuffer(bytes), encoding, { stripBOM: false }),
});
