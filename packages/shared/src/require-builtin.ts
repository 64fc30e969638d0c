import { createRequire } from 'node:module';

/**
 * Node's built-in module `id` (`node:os`, `node:tty`), loaded when called rather than at import: for a
 * module a start should pay for only on the path that needs it. Works from the ESM and the CommonJS
 * builds alike (a built-in resolves the same from anywhere).
 */
export function requireBuiltin<T>(id: `node:${string}`): T {
  return createRequire(typeof __filename === 'string' ? __filename : import.meta.url)(id) as T;
}
