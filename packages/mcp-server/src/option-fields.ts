import { OPTION_TABLE, type OptionRow, type OptionTool, readOptionValue } from '@pipeguard/pipeline/options';
import * as z from 'zod';
import { ToolInputError } from './tool-input-error';

/** The longest text a size or a duration may be given as (`'1.5MiB'`, `'1500ms'`). */
const MAX_UNIT_TEXT_CHARS = 32;

/** What a model reads about a field beyond the row's doc: the tool's own default and bounds, its use. */
export type FieldNotes = Readonly<Record<string, string>>;

/** The zod type of a row's field, from its kind; `special` gives the ones a kind cannot say. */
function schemaOf(row: OptionRow, special: Readonly<Record<string, z.ZodType>>): z.ZodType {
  const own = special[row.key];
  if (own !== undefined) return own;
  const minimum = row.minimum ?? (row.kind === 'duration' || row.kind === 'count' ? 1 : 0);
  const integer = z.number().int().min(minimum);
  switch (row.kind) {
    case 'size':
    case 'duration':
      return z.union([integer, z.string().min(1).max(MAX_UNIT_TEXT_CHARS)]);
    case 'count':
      return integer;
    case 'boolean':
      return z.boolean();
    case 'choice':
      return z.enum(row.choices as [string, ...string[]]);
    default:
      throw new TypeError(`The option "${row.key}" needs its own schema for MCP`);
  }
}

const UNITS: Readonly<Record<string, string>> = {
  size: ' A byte count, or text with a unit such as "64KiB" or "1MiB".',
  duration: ' Milliseconds, or text with a unit such as "30s", "1500ms" or "2m".',
};

/** The rows of `tool`'s fields, in the table's order. */
export const rowsOf = (tool: OptionTool): OptionRow[] =>
  OPTION_TABLE.filter((row) => row.mcp !== null && row.mcp.tool === tool);

/**
 * The input fields of `tool` that set library options, from the option table: each row's field (the
 * snake_case of its key) and its deprecated names, described by the row's doc and the tool's `notes`.
 */
export function optionFieldShape(
  tool: OptionTool,
  notes: FieldNotes,
  special: Readonly<Record<string, z.ZodType>> = {},
): Record<string, z.ZodOptional<z.ZodType>> {
  const shape: Record<string, z.ZodOptional<z.ZodType>> = {};
  for (const row of rowsOf(tool)) {
    const { field, deprecated = [] } = row.mcp as NonNullable<OptionRow['mcp']>;
    const doc = `${row.doc[0]?.toUpperCase()}${row.doc.slice(1)}.${UNITS[row.kind] ?? ''}`;
    const schema = schemaOf(row, special);
    shape[field] = schema.describe(`${doc} ${notes[row.key] ?? ''}`.trim()).optional();
    for (const old of deprecated) {
      shape[old] = schema.describe(`Deprecated: use \`${field}\` (\`${old}\` goes in 0.3).`).optional();
    }
  }
  return shape;
}

/** The library options a call's fields set, by key, and a note for each deprecated field it used. */
export interface OptionFieldValues {
  values: Readonly<Record<string, unknown>>;
  notes: readonly string[];
}

/**
 * Reads `tool`'s option fields of a call: a deprecated field counts as its new one, sizes and durations
 * given as text become numbers.
 * @throws ToolInputError naming the field, for both a field and its deprecated name, or a value that is not one.
 */
export function readOptionFields(
  tool: OptionTool,
  input: Readonly<Record<string, unknown>>,
): OptionFieldValues {
  const values: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const row of rowsOf(tool)) {
    const { field, deprecated = [] } = row.mcp as NonNullable<OptionRow['mcp']>;
    let name = field;
    let value = input[field];
    for (const old of deprecated) {
      if (input[old] === undefined) continue;
      if (value !== undefined) {
        throw new ToolInputError(
          field,
          `and the deprecated "${old}" input cannot both be given: use "${field}"`,
        );
      }
      notes.push(`note: "${old}" is deprecated: use "${field}" ("${old}" goes in 0.3).`);
      name = old;
      value = input[old];
    }
    if (value === undefined) continue;
    try {
      values[row.key] = readOptionValue(row, value);
    } catch (error) {
      // The library names its option; the model gave a field.
      const problem = (error as Error).message.replace(/^The "[^"]+" option /, '');
      throw new ToolInputError(name, problem);
    }
  }
  return { values, notes };
}
