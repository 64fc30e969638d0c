import { createRequire } from 'node:module';
import type * as Iconv from 'iconv-lite';

let loaded: typeof Iconv | undefined;

/**
 * The CLI bundle's stand-in for iconv-lite, for the modules that still import it at the top (the
 * pipeline's capture-result.ts; the stages require it on first use themselves): it is required on the
 * first property read, not at every start.
 */
const iconv = new Proxy({} as typeof Iconv, {
  get(_target, key) {
    loaded ??= createRequire(import.meta.url)('iconv-lite') as typeof Iconv;
    return Reflect.get(loaded, key);
  },
});

export default iconv;
