import { choiceValue, countValue, durationValue, fallbackValue, sizeValue } from './option-values';

/** The commands pipeguard runs; `filter` is `COMMAND | pipeguard`. */
export type CommandName = 'run' | 'filter' | 'read' | 'lines';

/** One option of the command line: parsing, `--help` and shell completion all read this entry. */
export interface CliOption {
  /** The long name, without `--`. */
  name: string;
  short?: string;
  /** What the value looks like in `--help` (`SIZE`); absent for a flag. */
  value?: string;
  /** The words a shell completes the value with, when they are fixed. */
  choices?: readonly string[];
  /** The commands it applies to; absent: every command. */
  commands?: readonly CommandName[];
  /** One line for `--help`, default included. */
  help: string;
  /** The library option it sets (for `--from`, readLines' `fromLine`); absent: the CLI's own. */
  key?: string;
  /** Turns the text given into the library's value; a flag without it sets `true`. */
  parse?: (flag: string, text: string) => unknown;
}

// bounded-sink's KEEP_MODES, restated so that parsing loads no stream code; a test keeps them equal.
const KEEP_CHOICES = ['head', 'tail', 'both'] as const;
const CAPTURING = ['run', 'filter'] as const;
const DECODING = ['run', 'filter', 'read', 'lines'] as const;
const size = (flag: string, text: string) => sizeValue(flag, text, false);
const sizeOrNone = (flag: string, text: string) => sizeValue(flag, text, true);
const lineCap = (flag: string, text: string) => sizeValue(flag, text, true, 1);

/**
 * Every option, in `--help` order. A new option is one entry here: the parser accepts it for its
 * commands and passes its value under `key`; `--help` and every shell's completion list it.
 */
export const OPTION_TABLE: readonly CliOption[] = [
  {
    name: 'max-bytes',
    value: 'SIZE',
    commands: CAPTURING,
    key: 'maxBytes',
    parse: sizeOrNone,
    help: 'bytes kept per stream, the rest counted and discarded (default 1MiB); none streams everything through',
  },
  {
    name: 'keep',
    value: 'head|tail|both',
    choices: KEEP_CHOICES,
    commands: CAPTURING,
    key: 'keep',
    parse: (flag, text) => choiceValue(flag, text, KEEP_CHOICES),
    help: 'which part of a longer stream is kept (default head)',
  },
  {
    name: 'spill',
    value: 'DIR',
    commands: CAPTURING,
    key: 'spill',
    parse: (_flag, text) => text,
    help: 'also write the raw stream to a new file in DIR (mode 0600); the marker names it and the offset',
  },
  {
    name: 'max-line-bytes',
    value: 'SIZE',
    commands: ['run', 'filter', 'lines'],
    key: 'maxLineBytes',
    parse: lineCap,
    help: 'cut each line after SIZE bytes, marking the rest (default: none; for lines 2000)',
  },
  {
    name: 'timeout',
    value: 'DURATION',
    commands: ['run'],
    key: 'timeout',
    parse: durationValue,
    help: 'then SIGTERM to the process group, SIGKILL 2 s later: 30s, 500ms, 2m or seconds (default none)',
  },
  {
    name: 'all',
    commands: ['run'],
    key: 'all',
    help: 'print one view of stdout and stderr interleaved in arrival order, bounded as one stream',
  },
  {
    name: 'no-stdin',
    commands: ['run'],
    help: "close COMMAND's standard input (default: COMMAND reads pipeguard's)",
  },
  {
    name: 'fallback',
    value: 'ENC|auto|none',
    choices: ['auto', 'none', 'gbk', 'shift_jis', 'windows-1252', 'latin1'],
    commands: DECODING,
    key: 'fallback',
    parse: fallbackValue,
    help: "decode lines that are not UTF-8 as ENC (iconv-lite names, a comma list tried in order); auto: the locale's codepage (default none)",
  },
  {
    name: 'no-binary-guard',
    commands: DECODING,
    key: 'binaryGuard',
    help: 'pass binary output through instead of withholding it behind a one-line placeholder',
  },
  {
    name: 'offset',
    value: 'SIZE',
    commands: ['read'],
    key: 'offset',
    parse: size,
    help: 'byte offset of the window (default 0)',
  },
  {
    name: 'limit',
    value: 'SIZE',
    commands: ['read'],
    key: 'windowBytes',
    parse: size,
    help: 'bytes in the window (default 64KiB)',
  },
  {
    name: 'from',
    value: 'N',
    commands: ['lines'],
    key: 'fromLine',
    parse: countValue,
    help: 'first line, counting from 1 (default 1)',
  },
  {
    name: 'count',
    value: 'N',
    commands: ['lines'],
    key: 'maxLines',
    parse: countValue,
    help: 'lines shown at most (default 2000)',
  },
  {
    name: 'json',
    help: 'print the result as one JSON object (schemaVersion 1, see schema.json) instead of text',
  },
  { name: 'help', short: 'h', help: 'show this help' },
  { name: 'version', short: 'v', help: 'show the version' },
];

/** A flag named `no-X` sets the library's `X` to `false`. */
export const isNegation = (option: CliOption): boolean => option.name.startsWith('no-');
