// @ts-check
import { Converter, ReflectionKind } from 'typedoc';

/**
 * TypeDoc's `notDocumented` check does not look at interface properties, and nothing checks defaults:
 * every optional property of an exported `…Options` interface must have a summary and a `@defaultValue`
 * (its unit in the text or the summary), so the API reference answers "what happens if I leave it out".
 * A property inherited from another options interface is checked there. typedoc.json loads it and
 * treats its warnings as errors, so `pnpm run docs` (and CI) fails on an option without them.
 */
const OPTIONS_INTERFACE = /Options$/;
/** A numeric default must say what it counts, in the summary or beside the value. */
const NUMERIC_DEFAULT = /^`?-?[\d_.]+`?/;
const UNIT_WORD =
  /\b(bytes?|KiB|MiB|GiB|ms|milliseconds?|seconds?|lines?|rows?|columns?|characters?|chars?|chunks?|clips?|runs?|calls?|windows?|times|share|fraction|ratio)\b/i;

/** @param {readonly import('typedoc').CommentDisplayPart[]} parts */
function textOf(parts) {
  return parts.map((part) => part.text).join('');
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const reflection of context.project.getReflectionsByKind(ReflectionKind.Interface)) {
      if (!OPTIONS_INTERFACE.test(reflection.name)) continue;
      for (const property of reflection.children ?? []) {
        if (property.inheritedFrom || !property.flags.isOptional) continue;
        const comment = property.comment ?? property.getSignature?.comment;
        const where = `${context.project.name}: ${reflection.name}.${property.name}`;
        if (!comment || comment.summary.length === 0) {
          app.logger.warn(`${where} has no documentation`);
        } else if (!comment.getTag('@defaultValue') && !comment.getTag('@default')) {
          app.logger.warn(`${where} has no @defaultValue (state the default and its unit)`);
        } else {
          const value = textOf(
            (comment.getTag('@defaultValue') ?? comment.getTag('@default'))?.content ?? [],
          );
          const unitSaid = UNIT_WORD.test(value) || UNIT_WORD.test(textOf(comment.summary));
          if (NUMERIC_DEFAULT.test(value.trim()) && !unitSaid) {
            app.logger.warn(`${where} has a numeric default without a unit (${value.trim()})`);
          }
        }
      }
    }
  });
}
