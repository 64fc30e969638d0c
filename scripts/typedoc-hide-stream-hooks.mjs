// @ts-check
import { Converter, ReflectionKind } from 'typedoc';

/**
 * Node's stream implementation hooks (`_transform`, `_flush`, …) are called by the stream machinery,
 * never by users: they are left out of the API reference, so the missing-doc check covers the API only.
 */
const STREAM_HOOKS = new Set([
  '_read',
  '_write',
  '_writev',
  '_final',
  '_transform',
  '_flush',
  '_destroy',
  '_construct',
]);

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const method of context.project.getReflectionsByKind(ReflectionKind.Method)) {
      if (STREAM_HOOKS.has(method.name)) context.project.removeReflection(method);
    }
  });
}
