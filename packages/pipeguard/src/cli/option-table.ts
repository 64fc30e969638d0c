import {
  choiceValue,
  countValue,
  durationValue,
  fallbackValue,
  literalValue,
  ptyValue,
  regexValue,
  sizeValue,
} from './option-values';

/** The commands pipeguard runs; `filter` is `COMMAND | pipeguard`. */
export type CommandName = 'run' | 'filter' | 'read' | 'lines';

/** One option of the command line: parsing, `--help` and shell completion all read this entry. */
export interface CliOption {
  /** The long name, without `--`. */
  name: string;
  short?: string;
  /** What the value looks like in `--help` (`SIZE`); absent for a flag. */
  value?: string;
  /** The value may be left out (`--keep-matches` or `--keep-matches=TEXT`): given, it follows `=`. */
  optionalValue?: boolean;
  /** The words a shell completes the value with, when they are fixed. */
  choices?: readonly string[];
  /** The commands it applies to; absent: every command. */
  commands?: readonly CommandName[];
  /** One line for `--help`, default included. */
  help: string;
  /**
   * The library option it sets (for `--from`, readLines' `fromLine`; `pty.cols` sets `cols` of the object
   * `pty` takes); absent: the CLI's own.
   */
  key?: string;
  /** Turns the text given into the library's value; a flag without it sets `true`. */
  parse?: (flag: string, text: string) => unknown;
}

// bounded-sink's KEEP_MODES and CUT_AT_MODES and the pipeline's RENDER_MODES, restated so that parsing
// loads no stream code; a test keeps them equal.
const KEEP_CHOICES = ['head', 'tail', 'both'] as const;
const RENDER_CHOICES = ['terminal', 'raw'] as const;
const CUT_AT_CHOICES = ['byte', 'line'] as const;
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
    name: 'render',
    value: 'terminal|raw',
    choices: RENDER_CHOICES,
    commands: CAPTURING,
    key: 'render',
    parse: (flag, text) => choiceValue(flag, text, RENDER_CHOICES),
    help: 'terminal: keep what a terminal would show (redraws applied, colours removed) before the budget is spent; the spill gets the raw bytes (default raw; terminal with --pty or --agent)',
  },
  {
    name: 'fold',
    commands: CAPTURING,
    key: 'foldRepeats',
    help: 'keep a run of identical consecutive lines once, then [previous line repeated N more times]',
  },
  {
    name: 'keep-matches',
    value: 'TEXT',
    optionalValue: true,
    commands: CAPTURING,
    key: 'keepMatches',
    parse: literalValue,
    help: 'keep the lines of the omitted middle that match (the built-in error patterns, or the lines containing TEXT, a literal), with 2 lines after each and their line and byte, within the budget',
  },
  {
    name: 'keep-regex',
    value: 'REGEX',
    commands: CAPTURING,
    key: 'keepMatches',
    parse: regexValue,
    help: 'as --keep-matches, the lines a regular expression matches (JavaScript syntax); not with --keep-matches',
  },
  {
    name: 'cut-at',
    value: 'line|byte',
    choices: CUT_AT_CHOICES,
    commands: CAPTURING,
    key: 'cutAt',
    parse: (flag, text) => choiceValue(flag, text, CUT_AT_CHOICES),
    help: 'line: end the kept head and start the kept tail at a line end when one is near (default byte)',
  },
  {
    name: 'agent',
    commands: CAPTURING,
    key: 'profile',
    parse: () => 'agent',
    help: 'the agent profile: rendered as a terminal shows it, secrets redacted, repeats folded, matching lines kept, head and tail cut at line ends, 30000 bytes per stream; options given win',
  },
  {
    name: 'redact',
    commands: CAPTURING,
    key: 'redact',
    help: "replace each secret (tokens, private keys, URL passwords, credentials, secret-named values, the values of the environment's secret-named variables) with [REDACTED:<kind>] before the budget is spent (on under --agent)",
  },
  {
    name: 'no-redact',
    commands: CAPTURING,
    key: 'redact',
    help: 'print secrets as they are, even under --agent',
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
    name: 'pty',
    value: 'auto',
    optionalValue: true,
    commands: ['run'],
    key: 'pty',
    parse: ptyValue,
    help: 'run COMMAND under a pseudo-terminal (one stream, stdout and stderr in their true order; rendered as a terminal shows it by default); =auto: pipes when the terminal package cannot load',
  },
  {
    name: 'cols',
    value: 'N',
    commands: ['run'],
    key: 'pty.cols',
    parse: countValue,
    help: "the pseudo-terminal's columns (default 120; a longer line wraps and comes back whole)",
  },
  {
    name: 'rows',
    value: 'N',
    commands: ['run'],
    key: 'pty.rows',
    parse: countValue,
    help: "the pseudo-terminal's rows (default 50)",
  },
  {
    name: 'live',
    commands: ['run'],
    key: 'liveLines',
    help: 'also show the output on stderr as it arrives, decoded line by line (lines are dropped from this view only when stderr falls behind), then print the bounded result',
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
