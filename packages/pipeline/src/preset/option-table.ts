import { CUT_AT_MODES, DEFAULT_MAX_BYTES, KEEP_MODES } from '@pipeguard/bounded-sink/core';
import {
  parseBytes,
  parseDuration,
  validateBoolean,
  validateFunction,
  validateInteger,
  validateOneOf,
  validateString,
} from '@pipeguard/shared/core';
import { PIPELINE_PROFILES } from './agent-profile';
import { resolveRedactOption } from './redact-option';

/**
 * What an option's value is, which says how every surface reads it: a `size` takes a byte count or
 * text with a unit (`64KiB`), a `duration` milliseconds or text with a unit (`30s`, `1500ms`).
 */
export type OptionKind = 'size' | 'duration' | 'count' | 'boolean' | 'choice' | 'text' | 'value';

/**
 * The functions that take an option: `core` the runtime-free chain, `captureStream` the web's shell of it, `pipeline` Node's
 * `pipeline()`, `capture` and `run` the process captures, `readBytes` and `readLines` the file windows.
 */
export type OptionApi = 'core' | 'captureStream' | 'pipeline' | 'capture' | 'run' | 'readBytes' | 'readLines';

/** The commands of the `pipeguard` CLI an option applies to. */
export type OptionCommand = 'run' | 'filter' | 'read' | 'lines';

/** The tools of `pipeguard-mcp` that take an option. */
export type OptionTool = 'run_command' | 'read_bytes' | 'read_lines';

/** An option's flag on the CLI: the kebab-case of its key (a `no-` prefix for a boolean that is on by default). */
export interface OptionFlag {
  readonly flag: string;
  readonly commands: readonly OptionCommand[];
  /** What the value looks like in `--help` (`SIZE`); absent for a switch. */
  readonly value?: string;
  /** The value may be left out: given, it follows `=`. */
  readonly optionalValue?: boolean;
  /** Earlier names of the flag, accepted with a deprecation note until the next minor version. */
  readonly deprecated?: readonly string[];
}

/** An option's field in an MCP tool's input: the snake_case of its key. */
export interface OptionField {
  readonly field: string;
  readonly tool: OptionTool;
  /** Earlier names of the field, accepted with a deprecation note until the next minor version. */
  readonly deprecated?: readonly string[];
}

/** One option: its key, what it takes, its default, its check, one line of doc, and its name on each surface. */
export interface OptionRow {
  /** The library's name (camelCase). */
  readonly key: string;
  readonly apis: readonly OptionApi[];
  readonly kind: OptionKind;
  /** `null` is a value (`none` on the CLI): no limit, or nothing. */
  readonly nullable?: boolean;
  /** The least value a `size` or `count` takes, when not 0 (`count`: 1). */
  readonly minimum?: number;
  /** The words a `choice` takes. */
  readonly choices?: readonly string[];
  /** The default, as documented (`undefined`: the stage's own, or none). */
  readonly defaultValue: unknown;
  /** The default as the docs and `--help` say it. */
  readonly defaultText: string;
  /** One line of doc, the same words on every surface. */
  readonly doc: string;
  /** Checks a value the preset itself uses; absent, the stage that takes it checks it. @throws TypeError, RangeError */
  readonly check?: (value: unknown) => void;
  readonly cli: OptionFlag | null;
  readonly mcp: OptionField | null;
}

const CORE: readonly OptionApi[] = ['core', 'captureStream', 'pipeline', 'capture', 'run'];
const NODE: readonly OptionApi[] = ['pipeline', 'capture', 'run'];
const PROCESS: readonly OptionApi[] = ['capture', 'run'];
const CAPTURING: readonly OptionCommand[] = ['run', 'filter'];
const DECODING: readonly OptionCommand[] = ['run', 'filter', 'read', 'lines'];

/** How the bytes that pass the guard become the text the budget is spent on. */
export type RenderMode = 'terminal' | 'raw';
/** Every {@link RenderMode}, in the order options list them. */
export const RENDER_MODES: readonly RenderMode[] = Object.freeze(['terminal', 'raw'] as const);

/**
 * Every option of the library, the CLI and the MCP server, once. Resolvers, the CLI's flags and help,
 * the MCP tools' input fields and the README tables come from (or are tested against) these rows: a new
 * option is one row here plus the stage that uses it.
 */
export const OPTION_TABLE: readonly OptionRow[] = Object.freeze([
  {
    key: 'maxBytes',
    apis: CORE,
    kind: 'size',
    nullable: true,
    defaultValue: DEFAULT_MAX_BYTES,
    defaultText: '1MiB; 30000 with the agent profile',
    doc: 'bytes kept per stream, the rest counted and discarded; none keeps everything',
    cli: { flag: 'max-bytes', commands: CAPTURING, value: 'SIZE' },
    mcp: { field: 'max_bytes', tool: 'run_command' },
  },
  {
    key: 'keep',
    apis: CORE,
    kind: 'choice',
    choices: KEEP_MODES,
    defaultValue: 'head',
    defaultText: 'head; both with the agent profile',
    doc: 'which part of a longer stream is kept',
    cli: { flag: 'keep', commands: CAPTURING, value: 'head|tail|both' },
    mcp: null,
  },
  {
    key: 'render',
    apis: CORE,
    kind: 'choice',
    choices: RENDER_MODES,
    defaultValue: 'raw',
    defaultText: 'raw; terminal with pty or the agent profile',
    doc: 'terminal: keep what a terminal would show (redraws applied, colours removed) before the budget is spent; the spill gets the raw bytes',
    check: (value) => validateOneOf('render', value, RENDER_MODES),
    cli: { flag: 'render', commands: CAPTURING, value: 'terminal|raw' },
    mcp: { field: 'render', tool: 'run_command' },
  },
  {
    key: 'foldRepeats',
    apis: CORE,
    kind: 'boolean',
    defaultValue: false,
    defaultText: 'false; true with the agent profile',
    doc: 'keep a run of identical consecutive lines once, then [previous line repeated N more times]',
    check: (value) => validateBoolean('foldRepeats', value),
    cli: { flag: 'fold-repeats', commands: CAPTURING, deprecated: ['fold'] },
    mcp: { field: 'fold_repeats', tool: 'run_command' },
  },
  {
    key: 'redact',
    apis: CORE,
    kind: 'value',
    defaultValue: false,
    defaultText: 'false; true with the agent profile and on the MCP server',
    doc: "replace every secret (tokens, keys, passwords, the command environment's secret values) with [REDACTED:kind] before the budget is spent (on or off; the library also takes the redactor's options)",
    check: (value) => {
      resolveRedactOption(value, false);
    },
    cli: { flag: 'redact', commands: [...CAPTURING, 'read', 'lines'] },
    mcp: null,
  },
  {
    key: 'keepMatches',
    apis: CORE,
    kind: 'value',
    defaultValue: false,
    defaultText: 'false; true with the agent profile',
    doc: 'keep the lines of the omitted middle that match (true: the built-in error patterns; text: the lines containing it, a literal), with their line and byte, within the budget',
    cli: { flag: 'keep-matches', commands: CAPTURING, value: 'TEXT', optionalValue: true },
    mcp: { field: 'keep_matches', tool: 'run_command' },
  },
  {
    key: 'cutAt',
    apis: CORE,
    kind: 'choice',
    choices: CUT_AT_MODES,
    defaultValue: 'byte',
    defaultText: 'byte; line with the agent profile',
    doc: 'line: end the kept head and start the kept tail at a line end when one is near',
    cli: { flag: 'cut-at', commands: CAPTURING, value: 'line|byte' },
    mcp: null,
  },
  {
    key: 'profile',
    apis: CORE,
    kind: 'choice',
    nullable: true,
    choices: PIPELINE_PROFILES,
    defaultValue: null,
    defaultText: 'none; agent on the MCP server',
    doc: 'agent: rendered as a terminal shows it, repeats folded, matching lines kept, head and tail cut at line ends, 30000 bytes per stream; options given win',
    check: (value) => {
      if (value !== null) validateOneOf('profile', value, PIPELINE_PROFILES);
    },
    cli: { flag: 'profile', commands: CAPTURING, value: 'agent' },
    mcp: null,
  },
  {
    key: 'spill',
    apis: NODE,
    kind: 'text',
    nullable: true,
    defaultValue: null,
    defaultText: 'none',
    doc: 'also write the raw stream to a new file in this directory (mode 0600); the marker names it and the offset',
    check: (value) => {
      if (value !== null) validateString('spill', value);
    },
    cli: { flag: 'spill', commands: CAPTURING, value: 'DIR' },
    mcp: null,
  },
  {
    key: 'spillMaxBytes',
    apis: NODE,
    kind: 'size',
    nullable: true,
    defaultValue: 64 * 1024 * 1024,
    defaultText: '64MiB',
    doc: 'most bytes written to the spill file; none for no bound',
    check: (value) => validateInteger('spillMaxBytes', value, { nullable: true }),
    cli: null,
    mcp: null,
  },
  {
    key: 'maxLineBytes',
    apis: CORE,
    kind: 'size',
    nullable: true,
    defaultValue: null,
    minimum: 1,
    defaultText: 'none; 2000 for lines',
    doc: 'cut each line after this many bytes, marking the rest',
    cli: { flag: 'max-line-bytes', commands: ['run', 'filter', 'lines'], value: 'SIZE' },
    mcp: null,
  },
  {
    key: 'fallback',
    apis: [...CORE, 'readBytes', 'readLines'],
    kind: 'value',
    nullable: true,
    defaultValue: null,
    defaultText: 'none',
    doc: "decode lines that are not UTF-8 with these encodings (iconv-lite names, tried in order); auto: this machine's legacy codepage",
    cli: { flag: 'fallback', commands: DECODING, value: 'ENC|auto|none' },
    mcp: null,
  },
  {
    key: 'binaryGuard',
    apis: CORE,
    kind: 'boolean',
    defaultValue: true,
    defaultText: 'true',
    doc: 'withhold binary output behind a one-line placeholder (no-binary-guard passes it through)',
    check: (value) => validateBoolean('binaryGuard', value),
    cli: { flag: 'no-binary-guard', commands: DECODING },
    mcp: null,
  },
  {
    key: 'label',
    apis: ['core', 'captureStream', 'pipeline'],
    kind: 'text',
    defaultValue: 'stdout',
    defaultText: 'stdout',
    doc: 'names the stream in markers and placeholders',
    cli: null,
    mcp: null,
  },
  {
    key: 'command',
    apis: CORE,
    kind: 'text',
    defaultValue: undefined,
    defaultText: 'COMMAND (run() fills in its own command)',
    doc: "the command shown in the binary placeholder's redirect hint",
    cli: null,
    mcp: null,
  },
  {
    key: 'guardWindowBytes',
    apis: CORE,
    kind: 'size',
    defaultValue: 64 * 1024,
    defaultText: '64KiB',
    doc: 'bytes the binary guard classifies at a time',
    cli: null,
    mcp: null,
  },
  {
    key: 'maxUnitBytes',
    apis: CORE,
    kind: 'size',
    defaultValue: 32 * 1024,
    defaultText: '32KiB',
    doc: 'byte cap of one line unit without a terminator',
    cli: null,
    mcp: null,
  },
  {
    key: 'maxLiveLines',
    apis: CORE,
    kind: 'count',
    defaultValue: undefined,
    defaultText: '64',
    doc: 'lines a cursor-up redraw can reach when rendering',
    // Checked even when not rendering: a misspelt setting must not wait for the day it is used.
    check: (value) => {
      if (value !== undefined) validateInteger('maxLiveLines', value, { minimum: 1 });
    },
    cli: null,
    mcp: null,
  },
  {
    key: 'cols',
    apis: CORE,
    kind: 'count',
    nullable: true,
    defaultValue: null,
    defaultText: "none (a pipe); the terminal's width under pty",
    doc: 'the terminal width rendering wraps rows at',
    check: (value) => validateInteger('cols', value, { minimum: 1, nullable: true }),
    cli: null,
    mcp: null,
  },
  ...['context', 'contextBefore', 'matchShare', 'maxMatchLineBytes'].map(
    (key): OptionRow => ({
      key,
      apis: CORE,
      kind: key === 'matchShare' ? 'value' : key === 'maxMatchLineBytes' ? 'size' : 'count',
      defaultValue: undefined,
      defaultText: "the sink's",
      doc: "the sink's option for the kept matching lines, passed as given",
      cli: null,
      mcp: null,
    }),
  ),
  {
    key: 'live',
    apis: ['pipeline'],
    kind: 'value',
    defaultValue: false,
    defaultText: 'false',
    doc: 'also hand the lines to run.lines as they arrive (true, or the queue caps { maxQueuedLines, maxQueuedBytes })',
    cli: null,
    mcp: null,
  },
  {
    key: 'onSettledText',
    apis: NODE,
    kind: 'value',
    defaultValue: undefined,
    defaultText: 'none',
    doc: "called with each stream's text as it settles (the kept head, as the result will start; with maxBytes null all of it, then not kept), and waited for",
    check: (value) => {
      if (value !== undefined) validateFunction('onSettledText', value);
    },
    cli: null,
    mcp: null,
  },
  {
    key: 'timeout',
    apis: PROCESS,
    kind: 'duration',
    nullable: true,
    defaultValue: null,
    defaultText: 'none; 2m on the MCP server',
    doc: 'then killSignal to the process (group), SIGKILL killGrace later',
    check: (value) => validateInteger('timeout', value, { nullable: true }),
    cli: { flag: 'timeout', commands: ['run'], value: 'DURATION' },
    mcp: { field: 'timeout', tool: 'run_command', deprecated: ['timeout_ms'] },
  },
  {
    key: 'killSignal',
    apis: PROCESS,
    kind: 'text',
    defaultValue: 'SIGTERM',
    defaultText: 'SIGTERM',
    doc: 'signal sent first on timeout or cancellation',
    cli: null,
    mcp: null,
  },
  {
    key: 'killGrace',
    apis: PROCESS,
    kind: 'duration',
    defaultValue: 2000,
    defaultText: '2s',
    doc: 'time between killSignal and SIGKILL',
    check: (value) => validateInteger('killGrace', value),
    cli: null,
    mcp: null,
  },
  {
    key: 'pipeGrace',
    apis: PROCESS,
    kind: 'duration',
    defaultValue: 250,
    defaultText: '250ms',
    doc: 'time to wait after the child exits for its pipes to close',
    check: (value) => validateInteger('pipeGrace', value),
    cli: null,
    mcp: null,
  },
  {
    key: 'signal',
    apis: ['captureStream', ...PROCESS],
    kind: 'value',
    defaultValue: undefined,
    defaultText: 'none',
    doc: 'an AbortSignal that cancels the capture',
    cli: null,
    mcp: null,
  },
  {
    key: 'all',
    apis: PROCESS,
    kind: 'boolean',
    defaultValue: false,
    defaultText: 'false',
    doc: 'also capture stdout and stderr as one stream in the order they were written (run() gives the command one pipe for both, as 2>&1)',
    check: (value) => validateBoolean('all', value),
    cli: { flag: 'all', commands: ['run'] },
    mcp: null,
  },
  {
    key: 'processGroup',
    apis: ['capture'],
    kind: 'boolean',
    defaultValue: false,
    defaultText: 'false (run() always has its group)',
    doc: "signal the child's whole process group",
    check: (value) => validateBoolean('processGroup', value),
    cli: null,
    mcp: null,
  },
  {
    key: 'liveLines',
    apis: PROCESS,
    kind: 'value',
    defaultValue: false,
    defaultText: 'false',
    doc: 'also show the decoded lines as they arrive (the CLI on stderr), then the bounded result',
    cli: { flag: 'live-lines', commands: ['run'], deprecated: ['live'] },
    mcp: null,
  },
  {
    key: 'cwd',
    apis: ['run'],
    kind: 'text',
    defaultValue: undefined,
    defaultText: 'the working directory',
    doc: 'working directory of the command',
    cli: null,
    mcp: { field: 'cwd', tool: 'run_command' },
  },
  {
    key: 'env',
    apis: ['run'],
    kind: 'value',
    defaultValue: undefined,
    defaultText: 'process.env',
    doc: 'environment of the command',
    cli: null,
    mcp: null,
  },
  {
    key: 'shell',
    apis: ['run'],
    kind: 'value',
    defaultValue: false,
    defaultText: 'false',
    doc: "run through a shell (true for the default one, or a shell's path)",
    cli: null,
    mcp: null,
  },
  {
    key: 'input',
    apis: ['run'],
    kind: 'value',
    defaultValue: undefined,
    defaultText: 'none (stdin ignored)',
    doc: "written to the command's stdin",
    cli: null,
    mcp: { field: 'input', tool: 'run_command', deprecated: ['stdin'] },
  },
  {
    key: 'pty',
    apis: ['run'],
    kind: 'value',
    defaultValue: false,
    defaultText: 'false',
    doc: 'run under a pseudo-terminal (one stream, stdout and stderr in their true order; rendered as a terminal shows it by default); auto: pipes when the terminal package cannot load',
    cli: { flag: 'pty', commands: ['run'], value: 'auto', optionalValue: true },
    mcp: { field: 'pty', tool: 'run_command' },
  },
  {
    key: 'killLeftovers',
    apis: ['run'],
    kind: 'boolean',
    defaultValue: false,
    defaultText: 'false',
    doc: 'end the descendants still alive when the command ends normally (a server &, a nohup or setsid job) instead of reporting them as leftovers',
    check: (value) => validateBoolean('killLeftovers', value),
    cli: { flag: 'kill-leftovers', commands: ['run'] },
    mcp: null,
  },
  {
    key: 'onInputWait',
    apis: ['run'],
    kind: 'choice',
    choices: ['wait', 'end'],
    defaultValue: 'wait',
    defaultText: 'wait; end with the agent profile',
    doc: 'end: stop the command once it waits for input (the prompt in inputWait); wait: let it wait until its timeout',
    cli: { flag: 'on-input-wait', commands: ['run'], value: 'end|wait' },
    mcp: null,
  },
  {
    key: 'inputWaitMs',
    apis: ['run'],
    kind: 'duration',
    defaultValue: 1500,
    defaultText: '1500ms',
    doc: 'the quiet spell after which a command blocked reading its terminal (or a live input) is waiting for input',
    cli: null,
    mcp: null,
  },
  {
    key: 'offset',
    apis: ['readBytes'],
    kind: 'size',
    defaultValue: 0,
    defaultText: '0',
    doc: 'byte offset of the first byte to read',
    cli: { flag: 'offset', commands: ['read'], value: 'SIZE' },
    mcp: { field: 'offset', tool: 'read_bytes' },
  },
  {
    key: 'windowBytes',
    apis: ['readBytes'],
    kind: 'size',
    defaultValue: 64 * 1024,
    defaultText: '64KiB',
    doc: 'bytes in the window read',
    cli: { flag: 'window-bytes', commands: ['read'], value: 'SIZE', deprecated: ['limit'] },
    mcp: { field: 'window_bytes', tool: 'read_bytes', deprecated: ['length'] },
  },
  {
    key: 'fromLine',
    apis: ['readLines'],
    kind: 'count',
    defaultValue: 1,
    defaultText: '1',
    doc: 'first line, counting from 1',
    cli: { flag: 'from-line', commands: ['lines'], value: 'N', deprecated: ['from'] },
    mcp: { field: 'from_line', tool: 'read_lines', deprecated: ['start_line'] },
  },
  {
    key: 'fromByte',
    apis: ['readLines'],
    kind: 'size',
    defaultValue: undefined,
    defaultText: 'none (start at fromLine)',
    doc: 'start at the line that holds this byte offset instead, numbered from the start of the file',
    cli: { flag: 'from-byte', commands: ['lines'], value: 'SIZE' },
    mcp: { field: 'from_byte', tool: 'read_lines', deprecated: ['start_offset'] },
  },
  {
    key: 'maxLines',
    apis: ['readLines'],
    kind: 'count',
    defaultValue: 2000,
    defaultText: '2000',
    doc: 'lines shown at most',
    cli: { flag: 'max-lines', commands: ['lines'], value: 'N', deprecated: ['count'] },
    mcp: { field: 'max_lines', tool: 'read_lines', deprecated: ['limit'] },
  },
  {
    key: 'maxLineBytes',
    apis: ['readLines'],
    kind: 'size',
    minimum: 1,
    defaultValue: 2000,
    defaultText: '2000',
    doc: 'cut each line after this many bytes, marking the rest',
    // The CLI's flag is the preset row's: one flag, one meaning, for capture and for lines.
    cli: null,
    mcp: { field: 'max_line_bytes', tool: 'read_lines' },
  },
] satisfies readonly OptionRow[]);

/** The keys `api` takes, in the table's order. */
export function optionKeysOf(api: OptionApi): readonly string[] {
  return OPTION_TABLE.filter((row) => row.apis.includes(api)).map((row) => row.key);
}

/** Each api's rows by key, filled on first use: options are resolved per pipeline, and a session builds one per read. */
const ROWS_BY_API = new Map<OptionApi, ReadonlyMap<string, OptionRow>>();

/** The row of `key` as `api` takes it. */
export function optionRow(api: OptionApi, key: string): OptionRow | undefined {
  let rows = ROWS_BY_API.get(api);
  if (rows === undefined) {
    const index = new Map<string, OptionRow>();
    for (const row of OPTION_TABLE)
      if (row.apis.includes(api) && !index.has(row.key)) index.set(row.key, row);
    rows = index;
    ROWS_BY_API.set(api, rows);
  }
  return rows.get(key);
}

/**
 * A value as the library takes it: a size or a duration given as text (`'64KiB'`, `'30s'`) becomes
 * its number, then the row's own check runs. Other values are returned as given.
 * @throws RangeError for text that is not a size or a duration; whatever the row's check throws.
 */
export function readOptionValue(row: OptionRow, value: unknown): unknown {
  let read = value;
  if (typeof value === 'string' && (row.kind === 'size' || row.kind === 'duration')) {
    read = row.kind === 'size' ? parseBytes(value) : parseDuration(value);
    if (read === undefined || (read === null && !row.nullable)) {
      const examples = row.kind === 'size' ? "65536, '64KiB' or '1MiB'" : "1500, '1500ms', '30s' or '2m'";
      throw new RangeError(
        `The "${row.key}" option must be a ${row.kind === 'size' ? 'byte size' : 'duration'} such as ${examples}${row.nullable ? " or 'none'" : ''}. Received '${value}'`,
      );
    }
  }
  row.check?.(read);
  return read;
}
