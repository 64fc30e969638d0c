import { type ParseArgsConfig, parseArgs } from 'node:util';
import { type CliOption, type CommandName, isNegation, OPTION_TABLE_CLI } from './option-table';
import { choiceValue } from './option-values';
import { UsageError } from './usage-error';

/** The shells `pipeguard completion` writes a script for. */
export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish'] as const;
export type CompletionShell = (typeof COMPLETION_SHELLS)[number];

/** An option as the user gave it, in order, so a next-page hint can repeat it. */
export type GivenOption = readonly [name: string, text: string | undefined];

/** What the user set, by library option name: an option not given is absent, never a default. */
export type LibraryOptions = Readonly<Record<string, unknown>>;

interface Common {
  options: LibraryOptions;
  given: readonly GivenOption[];
  json: boolean;
  /** Lines for stderr before the command runs: a deprecated flag or value, and what to write instead. */
  notes: readonly string[];
}

/** What the command line asks for. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | { kind: 'completion'; shell: CompletionShell }
  | (Common & { kind: 'run'; argv: [string, ...string[]]; stdin: boolean })
  | (Common & { kind: 'filter' })
  | (Common & { kind: 'read'; file: string })
  | (Common & { kind: 'lines'; file: string });

const WORDS = ['run', 'read', 'lines', 'completion'] as const;
type Word = (typeof WORDS)[number];

/**
 * Parses pipeguard's arguments: `[run] [options] -- COMMAND [ARGS…]`, options alone (filter standard
 * input), `read FILE …`, `lines FILE …` or `completion SHELL`.
 * @throws UsageError for anything it cannot make sense of, worded for one line of stderr.
 */
export function parseCli(args: readonly string[]): CliCommand {
  // `pipeguard -- COMMAND`, the most common line, has no option to parse: parseArgs is not called.
  if (args[0] === '--' && args.length > 1) {
    return {
      kind: 'run',
      argv: args.slice(1) as [string, ...string[]],
      stdin: true,
      options: {},
      given: [],
      json: false,
      notes: [],
    };
  }
  // `pipeguard ls -la` would otherwise fail on '-la' before the real mistake is seen.
  if (args[0] !== undefined && !args[0].startsWith('-')) commandWord(args[0]);
  const { values, positionals, terminator, given, deprecations } = parseTokens(args);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [word, ...rest] = positionals.slice(0, terminator) as [Word | undefined, ...string[]];
  const after = positionals.slice(terminator);
  if (word === 'completion') return completion(rest, after, given);
  const kind = commandOf(word, rest, after);
  for (const [name] of given) {
    const option = OPTION_TABLE_CLI.find((entry) => entry.name === name) as CliOption;
    if (option.commands !== undefined && !option.commands.includes(kind)) {
      throw new UsageError(`--${name} does not apply to ${describeCommand(kind)}`);
    }
  }
  const notes: string[] = [...deprecations];
  const common = { options: libraryOptions(given, notes), given, json: values.json === true, notes };
  if (kind === 'run') {
    return { kind, argv: after as [string, ...string[]], stdin: values['no-stdin'] !== true, ...common };
  }
  if (kind === 'filter') return { kind, ...common };
  const file = rest[0] as string;
  return kind === 'read' ? { kind, file, ...common } : { kind, file, ...common };
}

/** The library options the given ones set, each under its `key`; deprecations go to `notes`. */
function libraryOptions(given: readonly GivenOption[], notes: string[]): LibraryOptions {
  const options: Record<string, unknown> = {};
  const size: Record<string, unknown> = {};
  for (const [name, text] of given) {
    const option = OPTION_TABLE_CLI.find((entry) => entry.name === name) as CliOption;
    if (option.key === undefined) continue;
    const flag = `--${name}`;
    // Two flags set `keepMatches` (a literal, a regular expression): one meaning each, one of them.
    if (option.key in options && option.key === 'keepMatches') {
      throw new UsageError('--keep-matches and --keep-regex each choose the lines kept: give one of them');
    }
    const note = (line: string) => notes.push(line);
    const value = option.parse ? option.parse(flag, text ?? '', note) : (text ?? !isNegation(option));
    if (option.key.startsWith('pty.')) size[option.key.slice(4)] = value;
    else options[option.key] = value;
  }
  if (Object.keys(size).length === 0) return options;
  // run() takes the terminal's size as `pty: { cols, rows }`, which means on; 'auto' takes no size.
  if (options.pty !== true)
    throw new UsageError('--cols and --rows size the terminal of --pty: give --pty too');
  return { ...options, pty: size };
}

function commandOf(word: Word | undefined, rest: readonly string[], after: readonly string[]): CommandName {
  if (word === undefined) return after.length > 0 ? 'run' : 'filter';
  if (word === 'run') {
    if (rest.length > 0 || after.length === 0) {
      throw new UsageError("'run' takes the command after --: pipeguard run [options] -- COMMAND [ARGS...]");
    }
    return 'run';
  }
  if (rest.length !== 1 || after.length > 0)
    throw new UsageError(`'${word}' takes exactly one FILE argument`);
  return word as 'read' | 'lines';
}

function completion(rest: readonly string[], after: readonly string[], given: readonly GivenOption[]) {
  const shell = rest[0];
  if (rest.length !== 1 || after.length > 0 || given.length > 0 || shell === undefined) {
    throw new UsageError(`'completion' takes one shell: ${COMPLETION_SHELLS.join(', ')}`);
  }
  return { kind: 'completion' as const, shell: choiceValue('completion', shell, COMPLETION_SHELLS) };
}

const PARSE_OPTIONS: ParseArgsConfig['options'] = Object.fromEntries(
  OPTION_TABLE_CLI.map((option) => [
    option.name,
    {
      type: option.value === undefined ? 'boolean' : 'string',
      ...(option.short === undefined ? {} : { short: option.short }),
    },
  ]),
);

/** Each deprecated flag name and the name it became. */
const DEPRECATED = new Map(
  OPTION_TABLE_CLI.flatMap((option) =>
    option.deprecatedFor ? [[option.name, option.deprecatedFor] as const] : [],
  ),
);

/** The options whose value may be left out: parseArgs reads them as strings given after `=`. */
const OPTIONAL_VALUE = new Set(
  OPTION_TABLE_CLI.filter((option) => option.optionalValue).map((option) => `--${option.name}`),
);

/** `--keep-matches` alone becomes `--keep-matches=`, so parseArgs does not take the next word as its value. */
function withEmptyValues(args: readonly string[]): string[] {
  const terminator = args.indexOf('--');
  return args.map((arg, index) =>
    (terminator === -1 || index < terminator) && OPTIONAL_VALUE.has(arg) ? `${arg}=` : arg,
  );
}

function parseTokens(args: readonly string[]) {
  try {
    const {
      values,
      positionals,
      tokens = [],
    } = parseArgs({
      args: withEmptyValues(args),
      options: PARSE_OPTIONS,
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
    const terminatorToken = tokens.find((token) => token.kind === 'option-terminator');
    const terminator = terminatorToken
      ? tokens.filter((token) => token.kind === 'positional' && token.index < terminatorToken.index).length
      : positionals.length;
    const given: GivenOption[] = [];
    for (const token of tokens as ReadonlyArray<{ kind: string; name?: string; value?: string }>) {
      if (token.kind !== 'option' || token.name === undefined) continue;
      if (['help', 'version', 'json'].includes(token.name)) continue;
      // A deprecated name counts as its new one, so that hints repeat the new name.
      const name = DEPRECATED.get(token.name) ?? token.name;
      // A repeated option counts once, with its last value, as parseArgs reads it.
      const at = given.findIndex(([known]) => known === name);
      if (at !== -1) given.splice(at, 1);
      given.push([name, token.value]);
    }
    const old = new Set<string>();
    for (const token of tokens as ReadonlyArray<{ kind: string; name?: string }>) {
      if (token.kind === 'option' && token.name !== undefined && DEPRECATED.has(token.name))
        old.add(token.name);
    }
    const deprecations = [...old].map(
      (name) => `--${name} is deprecated: use --${DEPRECATED.get(name)} (the old name goes in 0.3)`,
    );
    return {
      values: values as Record<string, string | boolean | undefined>,
      positionals,
      terminator,
      given,
      deprecations,
    };
  } catch (error) {
    throw new UsageError(describeParseError(error as Error & { code?: string }));
  }
}

function describeParseError(error: Error & { code?: string }): string {
  const option = /'(-[^' ]+)/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option '${option}'`;
  if (error.message.includes('argument is ambiguous')) {
    return `${option} is missing its value (for a value starting with '-', write ${option}=VALUE)`;
  }
  if (error.message.includes('argument missing')) return `${option} is missing its value`;
  if (error.message.includes('does not take an argument')) return `${option} does not take a value`;
  return (error.message.split('\n')[0] as string).replace(/\.$/, '');
}

function commandWord(word: string): Word {
  if ((WORDS as readonly string[]).includes(word)) return word as Word;
  throw new UsageError(`unknown command '${word}'; to run a command, put it after --: pipeguard -- ${word}`);
}

/** How an error names a command: `running a command`, `'read'`. */
export function describeCommand(kind: CommandName): string {
  if (kind === 'run') return 'running a command';
  if (kind === 'filter') return 'filtering standard input';
  return `'${kind}'`;
}
