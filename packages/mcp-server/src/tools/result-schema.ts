import {
  type ResultField,
  type ResultFields,
  type ResultShape,
  snakeCaseOf,
} from '@pipeguard/pipeline/options';
import * as z from 'zod';

/** The zod type of a result value on the MCP surface, from the library's result table. */
function zodOf(shape: ResultShape): z.ZodType {
  let type: z.ZodType;
  switch (shape.kind) {
    case 'string':
    case 'bytes':
      type = z.string();
      break;
    case 'boolean':
      type = z.boolean();
      break;
    case 'count':
      type = z.number().int().min(0);
      break;
    case 'integer':
      type = z.number().int();
      break;
    case 'number':
      type = z.number();
      break;
    case 'choice':
      type = z.enum(shape.choices as [string, ...string[]]);
      break;
    case 'array':
      type = z.array(zodOf(shape.items as ResultShape));
      break;
    case 'record':
      type = z.record(z.string(), zodOf(shape.items as ResultShape));
      break;
    case 'object':
      type = resultSchema(shape.fields ?? {});
      break;
  }
  return shape.nullable ? type.nullable() : type;
}

/**
 * The `structuredContent` schema of a result: the table's fields marked for MCP, under their
 * snake_case names, each with its one line of doc (what `mcpView` of a result carries).
 */
export function resultSchema(fields: ResultFields): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(fields) as [string, ResultField][]) {
    if (field.mcp !== true) continue;
    const type = zodOf(field).describe(field.doc);
    shape[snakeCaseOf(key)] = field.optional ? type.optional() : type;
  }
  return z.object(shape);
}
