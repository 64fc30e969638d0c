import { createRequire } from 'node:module';
import type * as Iconv from 'iconv-lite';

let iconv: typeof Iconv | undefined;

/**
 * iconv-lite, required on first use rather than imported: only text that is not UTF-8 (or an encoding
 * name to check) needs it, and parsing its codec tables costs every program that imports a stage.
 * Resolved from this file in the CJS build (`__filename`) and the ESM build (`import.meta.url`).
 */
export function loadIconv(): typeof Iconv {
  iconv ??= createRequire(typeof __filename === 'string' ? __filename : import.meta.url)(
    'iconv-lite',
  ) as typeof Iconv;
  return iconv;
}
