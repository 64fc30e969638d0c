import { OPTION_TABLE, type OptionRow } from '@pipeguard/pipeline/options';
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

/** Turns the text given into the library's value; `note` says something on stderr (a deprecation). */
export type ParseValue = (flag: string, text: string, note: (line: string) => void) => unknown;

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
   * The library option it sets (for `--from-line`, readLines' `fromLine`; `pty.cols` sets `cols` of the
   * object `pty` takes); absent: the CLI's own.
   */
  key?: string;
  /** Turns the text given into the library's value; a flag without it sets `true`. */
  parse?: ParseValue;
  /** An earlier name of the flag named here: accepted with a note on stderr, left out of help and completion. */
  deprecatedFor?: string;
}

// The words a shell completes a value with where the row takes more than a fixed choice.
const COMPLETION_WORDS: Readonly<Record<string, readonly string[]>> = {
  fallback: ['auto', 'none', 'gbk', 'shift_jis', 'windows-1252', 'latin1'],
  profile: ['agent'],
};

// The flag values that are not a size, a duration, a count or a choice: read here, by library key.
const VALUE_PARSERS: Readonly<Record<string, ParseValue>> = {
  keepMatches: literalValue,
  fallback: fallbackValue,
  pty: ptyValue,
  spill: (_flag, text) => text,
};

/** How a row's flag reads its text, from the row's kind. */
function parserOf(row: OptionRow): ParseValue | undefined {
  const minimum = row.minimum ?? 0;
  switch (row.kind) {
    case 'size':
      return row.nullable
        ? (flag, text) => sizeValue(flag, text, true, minimum)
        : (flag, text) => sizeValue(flag, text, false, minimum);
    case 'duration':
      return durationValue;
    case 'count':
      return (flag, text) => countValue(flag, text);
    case 'choice':
      return (flag, text) => choiceValue(flag, text, row.choices ?? []);
    case 'boolean':
      return undefined;
    default:
      return VALUE_PARSERS[row.key];
  }
}

/** `--max-bytes`'s help line: the row's doc and its default (a switch's default goes without saying). */
const helpOf = (row: OptionRow): string =>
  row.kind === 'boolean' || row.defaultText === 'false' ? row.doc : `${row.doc} (default ${row.defaultText})`;

/** The flags of the option table's rows, each once (a key's rows share its flag). */
function libraryFlags(): CliOption[] {
  const flags: CliOption[] = [];
  for (const row of OPTION_TABLE) {
    if (row.cli === null) continue;
    const { flag, commands, value, optionalValue, deprecated = [] } = row.cli;
    const parse = parserOf(row);
    const option: CliOption = {
      name: flag,
      commands,
      key: row.key,
      help: helpOf(row),
      ...(value === undefined ? {} : { value }),
      ...(optionalValue ? { optionalValue } : {}),
      ...(row.kind === 'choice' || row.key in COMPLETION_WORDS
        ? { choices: COMPLETION_WORDS[row.key] ?? row.choices }
        : {}),
      ...(parse === undefined ? {} : { parse }),
    };
    flags.push(option, ...deprecated.map((name) => ({ ...option, name, deprecatedFor: flag })));
  }
  return flags;
}

/**
 * Every option, in `--help` order: the library's, from its option table (`@pipeguard/pipeline/core`),
 * then the CLI's own shorthands and switches. A new library option with a `cli` flag is one row there.
 */
export const OPTION_TABLE_CLI: readonly CliOption[] = [
  ...libraryFlags(),
  {
    name: 'agent',
    commands: ['run', 'filter', 'read', 'lines'],
    key: 'profile',
    parse: () => 'agent',
    help: 'the same as --profile agent',
  },
  {
    name: 'no-redact',
    commands: ['run', 'filter', 'read', 'lines'],
    key: 'redact',
    help: 'print secrets as they are, even under --agent',
  },
  {
    name: 'keep-regex',
    value: 'REGEX',
    commands: ['run', 'filter'],
    key: 'keepMatches',
    parse: regexValue,
    help: 'as --keep-matches, the lines a regular expression matches (JavaScript syntax); not with --keep-matches',
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
    name: 'no-stdin',
    commands: ['run'],
    help: "close COMMAND's standard input (default: COMMAND reads pipeguard's)",
  },
  {
    name: 'json',
    help: 'print the result as one JSON object (schemaVersion 1, see schema.json) instead of text',
  },
  { name: 'help', short: 'h', help: 'show this help' },
  { name: 'version', short: 'v', help: 'show the version' },
];

/** The options `--help` and completion show: every one but the deprecated names. */
export const CURRENT_OPTIONS: readonly CliOption[] = OPTION_TABLE_CLI.filter(
  (option) => option.deprecatedFor === undefined,
);

/** A flag named `no-X` sets the library's `X` to `false`. */
export const isNegation = (option: CliOption): boolean => option.name.startsWith('no-');
