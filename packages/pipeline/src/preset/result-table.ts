import type { LinesPage, Utf8Window } from '@pipeguard/file-window';
import type { RunResult } from '../capture/run-result';
import type { CaptureResult } from './capture-result';

/**
 * What a result field holds, which says how every surface writes it: a `count` is a non-negative
 * integer, `bytes` raw bytes (base64 text in JSON), a `record` an object of one value type by name.
 */
export type ResultKind =
  | 'string'
  | 'boolean'
  | 'count'
  | 'integer'
  | 'number'
  | 'bytes'
  | 'choice'
  | 'object'
  | 'array'
  | 'record';

/** A value's shape: its kind, whether `null` is a value, and what an object, array or record holds. */
export interface ResultShape {
  readonly kind: ResultKind;
  readonly nullable?: boolean;
  /** The words a `choice` takes. */
  readonly choices?: readonly string[];
  /** An `object`'s fields. */
  readonly fields?: ResultFields;
  /** An `array`'s items, a `record`'s values. */
  readonly items?: ResultShape;
}

/** One field of a result: its shape, one line of doc, and whether the MCP tools carry it. */
export interface ResultField extends ResultShape {
  readonly doc: string;
  /** The field may be absent (the library leaves it `undefined`). */
  readonly optional?: boolean;
  /** Whether the MCP tools' structured content carries it, as the snake_case of its key. */
  readonly mcp?: boolean;
}

/** A result's fields by their library name (camelCase). */
export type ResultFields = Readonly<Record<string, ResultField>>;

type Defined<V> = Exclude<V, null | undefined>;
type NullableOf<V> = null extends V ? { readonly nullable: true } : { readonly nullable?: false };
type KindOf<V> = [V] extends [boolean]
  ? { readonly kind: 'boolean' }
  : [V] extends [string]
    ? { readonly kind: 'string' } | { readonly kind: 'choice'; readonly choices: readonly V[] }
    : [V] extends [number]
      ? { readonly kind: 'count' | 'integer' | 'number' }
      : [V] extends [Uint8Array]
        ? { readonly kind: 'bytes' }
        : [V] extends [readonly (infer Item)[]]
          ? { readonly kind: 'array'; readonly items: ShapeOf<Item> }
          : string extends keyof V
            ? { readonly kind: 'record'; readonly items: ShapeOf<V[string & keyof V]> }
            : { readonly kind: 'object'; readonly fields: FieldsOf<V> };
type ShapeOf<V> = NullableOf<V> & KindOf<Defined<V>> & { readonly doc?: string; readonly mcp?: boolean };
type FieldOf<V, Optional extends boolean> = ShapeOf<V> & {
  readonly doc: string;
  readonly mcp?: boolean;
} & (Optional extends true ? { readonly optional: true } : { readonly optional?: false });

/**
 * The table a result type must have: a row for every key of `T` (none missing, none extra), each of
 * the kind its type is, nullable exactly when `null` is a value and optional exactly when it may be absent.
 */
export type FieldsOf<T> = {
  readonly [K in keyof T]-?: FieldOf<T[K], undefined extends T[K] ? true : false>;
};

const count = (doc: string, mcp = false) => ({ kind: 'count', doc, mcp }) as const;
const nullableCount = (doc: string, mcp = false) => ({ kind: 'count', nullable: true, doc, mcp }) as const;
const flag = (doc: string, mcp = false) => ({ kind: 'boolean', doc, mcp }) as const;
const text = (doc: string, mcp = false) => ({ kind: 'string', doc, mcp }) as const;
const nullableText = (doc: string, mcp = false) => ({ kind: 'string', nullable: true, doc, mcp }) as const;

const DECODER_FIELDS = {
  units: count('Units decoded (a line, or the bytes between two flushes).'),
  utf8Units: count('Units that were valid UTF-8.'),
  fallbackUnits: count('Units UTF-8 rejected that were decoded with the fallback encoding.'),
  replacedUnits: count('Units UTF-8 rejected that were decoded with U+FFFD replacement.'),
  rejectedUnitBytes: count('Bytes of the units UTF-8 rejected.'),
} as const;

const RENDERER_FIELDS = {
  bytesIn: count('Bytes written to the terminal renderer.'),
  bytesOut: count('Bytes it emitted: the rendered text.'),
  sequencesRemoved: count('Escape sequences removed, applied or not.'),
  framesOverwritten: count('Redraws: writes or erases after the cursor moved back.'),
} as const;

const FOLDER_FIELDS = {
  inputBytes: count('Bytes written to the repeat folder.'),
  outputBytes: count('Bytes it emitted.'),
  foldedBytes: count('Repeated lines removed, in bytes.'),
  foldedLines: count('Repeated lines removed.'),
  noticeBytes: count('Bytes of the [previous line repeated N more times] notices it added.'),
} as const;

const EXCERPT_FIELDS = {
  line: count('Line number in the text the budget is spent on, from 1.'),
  offset: nullableCount('Raw byte offset of the line (see rawOffsetsExact), or null when unknown.'),
  sinkOffset: count("Byte offset of the line in the sink's own input."),
  bytes: { kind: 'bytes', doc: "The line's first bytes as written (base64 in JSON)." },
  matched: flag('Whether the line matched (false: a context line).'),
} as const;

/** The fields of a {@link CaptureResult}: one stream made safe (run's stdout, stderr and all, filter's input). */
export const CAPTURE_RESULT_FIELDS = {
  label: text('The stream\'s name in notes ("stdout", "stderr", "all", "stdin").'),
  text: text('The output as shown: kept text, truncation marker, excerpts, binary placeholder.', true),
  bytes: count('Raw bytes the stream carried.', true),
  keptBytes: count('Bytes kept within the budget.', true),
  omittedBytes: count('Bytes left out by the budget.', true),
  truncated: flag('Whether the budget left bytes out.', true),
  marker: nullableText('The truncation marker, or null.'),
  markerIndex: nullableCount('Where the marker starts in text (UTF-16 units), or null.'),
  omittedStart: nullableCount('Where the omitted part starts in the text the budget is spent on, or null.'),
  matchedLines: count('Lines of the omitted part that matched keep_matches.', true),
  keptMatchedLines: count('How many of those are shown as "[line N, byte B]" excerpts.', true),
  binaryWithheld: flag('Binary output was replaced by a one-line placeholder.', true),
  withheldBytes: count('Raw bytes the binary guard withheld.'),
  placeholder: nullableText('The binary placeholder, or null.'),
  placeholderIndex: nullableCount('Where the placeholder starts in text (UTF-16 units), or null.'),
  transcodedFrom: {
    kind: 'string',
    nullable: true,
    doc: '"utf-16le" or "utf-16be" when a UTF-16 stream was transcoded, else null.',
  },
  renderedBytes: nullableCount(
    "Bytes after terminal rendering, what max_bytes is spent on; null with render 'raw'.",
    true,
  ),
  renderedAwayBytes: {
    kind: 'integer',
    doc: 'Bytes rendering took away (escape sequences, redrawn frames); 0 when not rendering.',
  },
  foldedBytes: {
    kind: 'integer',
    doc: 'Bytes fold_repeats removed (repeated lines less the notices); 0 without folding.',
    mcp: true,
  },
  renderer: {
    kind: 'object',
    nullable: true,
    fields: RENDERER_FIELDS,
    doc: "The terminal renderer's counts, or null when not rendering.",
  },
  folder: {
    kind: 'object',
    nullable: true,
    fields: FOLDER_FIELDS,
    doc: "The repeat folder's counts, or null without folding.",
  },
  redactions: nullableCount(
    'Secrets replaced by [REDACTED:<kind>] (with a head-only budget, those shown and met until the head filled: the rest is only counted), or null when not redacting.',
    true,
  ),
  redactionsByKind: {
    kind: 'record',
    nullable: true,
    items: { kind: 'count' },
    doc: 'Those secrets by kind (github-token, env:API_TOKEN, ...), or null when not redacting.',
  },
  omittedSourceStart: nullableCount('Where the omitted part begins in the raw stream, or null.'),
  rawOffsetsExact: flag('Whether raw offsets are exact byte offsets (else the start of their line).'),
  excerpts: {
    kind: 'array',
    items: { kind: 'object', fields: EXCERPT_FIELDS },
    doc: 'Lines kept from the omitted part with keep_matches.',
  },
  decoder: { kind: 'object', fields: DECODER_FIELDS, doc: 'Counts of the decoder over the kept bytes.' },
  clippedLines: count('Lines cut at the line cap.'),
  spillPath: nullableText(
    'When truncated: the file with the raw output, readable with read_bytes and read_lines.',
    true,
  ),
  spilledBytes: count('Bytes in the spill file.'),
} as const satisfies FieldsOf<CaptureResult>;

const captureField = (doc: string, mcp = false) =>
  ({ kind: 'object', fields: CAPTURE_RESULT_FIELDS, doc, mcp }) as const;

const LIVE_LINES_FIELDS = {
  lines: count('Lines found in the input.'),
  deliveredLines: count('Lines handed to the consumer.'),
  droppedLines: count('Lines dropped because the consumer fell behind.'),
  droppedBytes: count('Bytes of the dropped lines.'),
  queuedLines: count('Lines waiting for the consumer.'),
  queuedBytes: count('Bytes of the lines waiting.'),
} as const;

const INPUT_WAIT_FIELDS = {
  since: { kind: 'number', doc: 'When the wait began, in milliseconds since the epoch.' },
  prompt: text('The last partial line: what the command asks.'),
  evidence: {
    kind: 'object',
    doc: 'How the wait was judged.',
    fields: {
      method: { kind: 'choice', choices: ['proc', 'prompt-text'], doc: 'Where the judgement came from.' },
      input: { kind: 'choice', choices: ['terminal', 'stdin'], doc: 'What the command waits to read.' },
      pid: { kind: 'integer', nullable: true, doc: 'The waiting process, or null.' },
      processName: nullableText("That process's name, or null."),
      syscall: nullableText('The system call it is blocked in, or null.'),
      fd: { kind: 'integer', nullable: true, doc: 'The descriptor it reads, or null.' },
      wchan: nullableText('The kernel function it sleeps in, or null.'),
      terminalModes: {
        kind: 'object',
        nullable: true,
        doc: "The terminal's modes, or null.",
        fields: {
          echo: flag('Typed characters are shown.'),
          canonical: flag('Input comes a line at a time.'),
          signals: flag('^C and ^Z signal the program.'),
          echoKill: flag('The line-kill character is echoed.'),
        },
      },
      secret: flag('It likely asks for a password or another secret.'),
      quietMs: { kind: 'number', doc: 'Milliseconds without output or input before the judgement.' },
      summary: text('The judgement in one line.'),
    },
  },
} as const;

/** The fields of a {@link RunResult}: what `run()` and `capture()` hand back, `pipeguard --json` prints and `run_command` answers. */
export const RUN_RESULT_FIELDS = {
  pid: { kind: 'integer', optional: true, doc: "The child's pid; absent if it never started." },
  stdout: captureField("The command's stdout (everything, when stderrMerged).", true),
  stderr: captureField("The command's stderr (empty when stderrMerged).", true),
  all: {
    ...captureField('Both streams interleaved, with all (or the one stream of a pty).'),
    optional: true,
  },
  stderrMerged: flag('With pty: stdout holds both streams in order and stderr is empty.', true),
  exitCode: {
    kind: 'integer',
    nullable: true,
    doc: 'The exit code, or null when a signal ended it.',
    mcp: true,
  },
  signal: nullableText('The signal that ended the command, or null.', true),
  timedOut: flag('Whether the timeout ran out, so the command was killed.', true),
  cancelled: flag('Whether the run was cancelled (true only in the result an AbortError carries).'),
  durationMs: { kind: 'number', doc: 'Milliseconds from start to result.', mcp: true },
  binaryOutputWithheld: flag('Whether the binary guard withheld any of stdout or stderr.'),
  pipesHeldAfterExit: flag('Whether a descendant held the output pipes open after the command exited.', true),
  containment: {
    kind: 'choice',
    choices: ['cgroup', 'environ', 'process-group'],
    nullable: true,
    doc: "How the command's descendants were held: a cgroup, an environment marker, or only the process group.",
    mcp: true,
  },
  leftovers: {
    kind: 'array',
    items: {
      kind: 'object',
      fields: {
        pid: { kind: 'integer', doc: 'Its pid.', mcp: true },
        command: text('Its command line (at most 200 characters).', true),
      },
    },
    doc: 'Processes the command started that still ran after it ended.',
    mcp: true,
  },
  liveLines: {
    kind: 'object',
    nullable: true,
    doc: 'With live lines: how many lines each stream had, were handed out and were dropped; else null.',
    fields: {
      stdout: { kind: 'object', fields: LIVE_LINES_FIELDS, doc: "stdout's live lines." },
      stderr: { kind: 'object', fields: LIVE_LINES_FIELDS, doc: "stderr's live lines." },
    },
  },
  pty: flag('Whether the command ran under a pseudo-terminal.'),
  ptyFallback: nullableText("With pty 'auto': why pipes were used instead, else null."),
  inputWait: {
    kind: 'object',
    nullable: true,
    fields: INPUT_WAIT_FIELDS,
    doc: 'The wait for input going on when the command ended, or null.',
  },
  endedOnInputWait: flag('Whether the command was ended because it waited for input.'),
} as const satisfies FieldsOf<RunResult>;

/** The fields of a `readBytesAsUtf8()` window: `pipeguard read --json` and `read_bytes`. */
export const UTF8_WINDOW_FIELDS = {
  text: text('The bytes decoded as UTF-8 (invalid sequences as U+FFFD).', true),
  offset: count('Byte offset of the first decoded byte.', true),
  byteLength: count('Bytes decoded into text.', true),
  nextOffset: count('Pass as offset to read on; reading from 0 this way visits every byte once.', true),
  trimmedStartBytes: count('Bytes skipped at the start: the end of a character cut by offset.', true),
  trimmedEndBytes: count('Bytes of a character cut by the window end, left for the next read.', true),
  illFormedBytes: count('Decoded bytes that are not well-formed UTF-8 (each shown within a U+FFFD).', true),
  fallbackBytes: count('Bytes of lines decoded with the fallback encoding.'),
  eof: flag('Whether nextOffset is the end of the file.', true),
  fileSize: count('Size of the file in bytes when it was read.', true),
} as const satisfies FieldsOf<Utf8Window>;

/** The fields of a `readLines()` page: `pipeguard lines --json` and `read_lines`. */
export const LINES_PAGE_FIELDS = {
  text: text('The lines numbered as cat -n does, clipped ones with a marker, then a summary.', true),
  firstLine: { kind: 'integer', doc: 'Number of the first line returned, from 1.', mcp: true },
  lineCount: count('Lines returned.', true),
  nextLine: { kind: 'integer', doc: 'Pass as from_line to read on.', mcp: true },
  eof: flag('Whether the file has no line after the ones returned.', true),
  clipped: {
    kind: 'array',
    doc: 'Each clipped line and the byte range of its omitted part.',
    mcp: true,
    items: {
      kind: 'object',
      fields: {
        line: { kind: 'integer', doc: 'Number of the line.', mcp: true },
        lineBytes: count("Bytes of the line's content."),
        keptBytes: count('Bytes kept.'),
        omittedBytes: count('Bytes left out.', true),
        omittedStart: count('Raw byte offset of the first omitted byte.', true),
        omittedEnd: count('Raw byte offset of the last omitted byte (inclusive).'),
      },
    },
  },
  longestLine: {
    kind: 'object',
    optional: true,
    doc: 'The longest line returned and its content bytes; absent when no line was returned.',
    fields: {
      line: { kind: 'integer', doc: 'Number of the line.' },
      lineBytes: count("Bytes of the line's content."),
    },
  },
  fallbackLines: count('Lines decoded with the fallback encoding.'),
} as const satisfies FieldsOf<LinesPage>;

/** The surface a schema is written for: `json` every field as the library names it, `mcp` the MCP tools' fields in snake_case. */
export type ResultSurface = 'json' | 'mcp';

/** The snake_case of a camelCase name: the MCP field of a library key. */
export function snakeCaseOf(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

function fieldsOn(fields: ResultFields, surface: ResultSurface): [string, ResultField][] {
  return Object.entries(fields)
    .filter(([, field]) => surface === 'json' || field.mcp === true)
    .map(([key, field]) => [surface === 'mcp' ? snakeCaseOf(key) : key, field]);
}

/**
 * The JSON Schema (draft-07) of a value of `shape` on `surface`: an object lists its fields (the ones
 * that may not be absent as required) and leaves others allowed, so fields can be added within a version.
 * An object whose fields are a table in `refs` is written as a `$ref` to it.
 */
export function resultJsonSchema(
  shape: ResultShape,
  surface: ResultSurface,
  refs: ReadonlyMap<ResultFields, string> = new Map(),
): Record<string, unknown> {
  const schema: Record<string, unknown> = 'doc' in shape ? { description: shape.doc } : {};
  const ref = shape.fields && refs.get(shape.fields);
  if (ref !== undefined && !shape.nullable) return { ...schema, $ref: ref };
  const type = (name: string) => (shape.nullable ? [name, 'null'] : name);
  switch (shape.kind) {
    case 'count':
      return { ...schema, type: type('integer'), minimum: 0 };
    case 'bytes':
      return { ...schema, type: type('string'), contentEncoding: 'base64' };
    case 'choice':
      return { ...schema, enum: [...(shape.choices ?? []), ...(shape.nullable ? [null] : [])] };
    case 'array':
      return {
        ...schema,
        type: type('array'),
        items: resultJsonSchema(shape.items as ResultShape, surface, refs),
      };
    case 'record':
      return {
        ...schema,
        type: type('object'),
        additionalProperties: resultJsonSchema(shape.items as ResultShape, surface, refs),
      };
    case 'object': {
      const fields = fieldsOn(shape.fields ?? {}, surface);
      return {
        ...schema,
        type: type('object'),
        required: fields.filter(([, field]) => field.optional !== true).map(([name]) => name),
        properties: Object.fromEntries(
          fields.map(([name, field]) => [name, resultJsonSchema(field, surface, refs)]),
        ),
      };
    }
    default:
      return { ...schema, type: type(shape.kind) };
  }
}

/** The JSON Schema of a result with `fields` on `surface`: see {@link resultJsonSchema}. */
export function resultObjectSchema(
  fields: ResultFields,
  surface: ResultSurface,
  refs?: ReadonlyMap<ResultFields, string>,
): Record<string, unknown> {
  return resultJsonSchema({ kind: 'object', fields }, surface, refs);
}

/**
 * A result as the MCP tools carry it: the fields marked `mcp`, under their snake_case names, objects and
 * arrays of objects likewise. Absent fields stay absent.
 */
export function mcpView(fields: ResultFields, value: object): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (field.mcp !== true) continue;
    const own = (value as Record<string, unknown>)[key];
    if (own === undefined) continue;
    view[snakeCaseOf(key)] = viewOf(field, own);
  }
  return view;
}

function viewOf(shape: ResultShape, value: unknown): unknown {
  if (value === null) return null;
  if (shape.kind === 'object') return mcpView(shape.fields ?? {}, value as object);
  if (shape.kind === 'array')
    return (value as unknown[]).map((item) => viewOf(shape.items as ResultShape, item));
  return value;
}
