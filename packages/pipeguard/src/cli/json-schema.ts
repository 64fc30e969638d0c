import {
  CAPTURE_RESULT_FIELDS,
  LINES_PAGE_FIELDS,
  type ResultFields,
  RUN_RESULT_FIELDS,
  resultObjectSchema,
  UTF8_WINDOW_FIELDS,
} from '@pipeguard/pipeline/options';
import { JSON_SCHEMA_VERSION } from './output';

/** What `read` and `lines --json` print for a file the binary guard withheld: the placeholder instead of its text. */
const WITHHELD_FILE_FIELDS: ResultFields = {
  file: { kind: 'string', doc: 'The file as given.' },
  binaryWithheld: { kind: 'boolean', doc: 'Always true: the file looks binary.' },
  placeholder: { kind: 'string', doc: 'The one line shown instead of its text.' },
};

// A stream's fields are written once, under definitions, and referred to from run's streams.
const REFS: ReadonlyMap<ResultFields, string> = new Map([[CAPTURE_RESULT_FIELDS, '#/definitions/capture']]);

/** A result's schema with `command` first: the `--json` document of one command. */
function documentOf(command: string | string[], fields: ResultFields, description: string) {
  const schema = resultObjectSchema(fields, 'json', REFS);
  return {
    description,
    ...schema,
    required: ['command', ...(schema.required as string[])],
    properties: {
      command: Array.isArray(command) ? { enum: command } : { const: command },
      ...(schema.properties as object),
    },
  };
}

/**
 * The JSON Schema of `pipeguard --json`, written from the library's result tables (`pnpm --filter
 * pipeguard schema` writes it to schema.json; a test checks the committed file is this).
 */
export function cliJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://www.npmjs.com/package/pipeguard/schema.json',
    title: 'pipeguard --json output',
    description: `One JSON object per call of pipeguard --json. schemaVersion ${JSON_SCHEMA_VERSION}: fields may be added within a version; none is removed, renamed or retyped without a new version. Bytes are base64 text.`,
    type: 'object',
    required: ['schemaVersion', 'command'],
    properties: {
      schemaVersion: { const: JSON_SCHEMA_VERSION },
      command: { enum: ['run', 'filter', 'read', 'lines'] },
    },
    oneOf: [
      documentOf('run', RUN_RESULT_FIELDS, 'run: the command and its streams.'),
      {
        description: 'filter: standard input made safe.',
        allOf: [{ $ref: '#/definitions/capture' }],
        required: ['command'],
        properties: { command: { const: 'filter' } },
      },
      documentOf('read', UTF8_WINDOW_FIELDS, 'read: a window of a file by byte offset.'),
      documentOf('lines', LINES_PAGE_FIELDS, 'lines: numbered lines of a file.'),
      documentOf(
        ['read', 'lines'],
        WITHHELD_FILE_FIELDS,
        'read or lines on a file the binary guard withheld: the placeholder instead of its text.',
      ),
    ],
    definitions: {
      capture: {
        description: "One stream made safe: run's stdout, stderr and all, or filter's standard input.",
        ...resultObjectSchema(CAPTURE_RESULT_FIELDS, 'json'),
      },
    },
  };
}
