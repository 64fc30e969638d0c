import { parseArgs } from 'node:util';
import { DEFAULT_MAX_BYTES, KEEP_MODES, type KeepMode } from '@pipeguard/bounded-sink';
import { DEFAULT_LINE_LIMIT, DEFAULT_MAX_LINE_BYTES, DEFAULT_WINDOW_BYTES } from '@pipeguard/file-window';
import { choiceValue, countValue, durationValue, fallbackValue, sizeValue } from './option-values';
import { UsageError } from './usage-error';

/** How a command's (or standard input's) output is made safe. */
export interface CaptureSettings {
  maxBytes: number | null;
  keep: KeepMode;
  fallback: string[] | 'auto' | null;
  binaryGuard: boolean;
  maxLineBytes: number | null;
}

/** What the command line asks for. */
export type CliCommand =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'run';
      argv: [string, ...string[]];
      capture: CaptureSettings;
      timeout: number | null;
      json: boolean;
    }
  | { kind: 'filter'; capture: CaptureSettings; json: boolean }
  | { kind: 'read'; file: string; offset: number; limit: number; json: boolean }
  | { kind: 'lines'; file: string; from: number; count: number; maxLineBytes: number; json: boolean };

type Mode = CliCommand['kind'];
const CAPTURING: Mode[] = ['run', 'filter'];

// Which modes each option applies to; --json, --help and --version apply to all.
const OPTIONS = {
  'max-bytes': { type: 'string', modes: CAPTURING },
  keep: { type: 'string', modes: CAPTURING },
  timeout: { type: 'string', modes: ['run'] },
  fallback: { type: 'string', modes: CAPTURING },
  'no-binary-guard': { type: 'boolean', modes: CAPTURING },
  'max-line-bytes': { type: 'string', modes: [...CAPTURING, 'lines'] },
  offset: { type: 'string', modes: ['read'] },
  limit: { type: 'string', modes: ['read'] },
  from: { type: 'string', modes: ['lines'] },
  count: { type: 'string', modes: ['lines'] },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/**
 * Parses pipeguard's arguments: `[options] -- COMMAND [ARGS…]`, options alone (filter standard
 * input), `read FILE …` or `lines FILE …`.
 * @throws UsageError for anything it cannot make sense of, worded for one line of stderr.
 */
export function parseCli(args: readonly string[]): CliCommand {
  // `pipeguard ls -la` would otherwise fail on '-la' before the real mistake is seen.
  if (args[0] !== undefined && !args[0].startsWith('-')) fileCommand(args[0]);
  const { values, positionals, terminator } = parseTokens(args);
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const [word, ...rest] = positionals.slice(0, terminator);
  const after = positionals.slice(terminator);
  const kind: Mode = word === undefined ? (after.length > 0 ? 'run' : 'filter') : fileCommand(word);
  if (word !== undefined && (rest.length !== 1 || after.length > 0)) {
    throw new UsageError(`'${word}' takes exactly one FILE argument`);
  }
  for (const [name, option] of Object.entries(OPTIONS)) {
    if (values[name] !== undefined && 'modes' in option && !(option.modes as Mode[]).includes(kind)) {
      throw new UsageError(`--${name} does not apply to ${describeMode(kind)}`);
    }
  }
  const json = values.json === true;
  // An option's parsed value, or `fallback` when it was not given.
  const option = <T>(
    name: keyof typeof OPTIONS,
    fallback: T,
    parse: (flag: string, text: string) => T,
  ): T => {
    const text = values[name];
    return typeof text === 'string' ? parse(`--${name}`, text) : fallback;
  };
  const file = rest[0] as string;
  if (kind === 'read') {
    return {
      kind,
      file,
      offset: option('offset', 0, (flag, text) => sizeValue(flag, text, false)),
      limit: option('limit', DEFAULT_WINDOW_BYTES, (flag, text) => sizeValue(flag, text, false)),
      json,
    };
  }
  if (kind === 'lines') {
    return {
      kind,
      file,
      from: option('from', 1, countValue),
      count: option('count', DEFAULT_LINE_LIMIT, countValue),
      maxLineBytes: option('max-line-bytes', DEFAULT_MAX_LINE_BYTES, (flag, text) =>
        sizeValue(flag, text, false, 1),
      ),
      json,
    };
  }
  const capture: CaptureSettings = {
    maxBytes: option('max-bytes', DEFAULT_MAX_BYTES, (flag, text) => sizeValue(flag, text, true)),
    keep: option('keep', 'head', (flag, text) => choiceValue(flag, text, KEEP_MODES)),
    fallback: option('fallback', null, fallbackValue),
    binaryGuard: values['no-binary-guard'] !== true,
    maxLineBytes: option('max-line-bytes', null, (flag, text) => sizeValue(flag, text, true, 1)),
  };
  if (kind === 'filter') return { kind, capture, json };
  const timeout = option('timeout', null, durationValue);
  return { kind, argv: after as [string, ...string[]], capture, timeout, json };
}

function parseTokens(args: readonly string[]) {
  try {
    const { values, positionals, tokens } = parseArgs({
      args: [...args],
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
      tokens: true,
    });
    const terminatorToken = tokens.find((token) => token.kind === 'option-terminator');
    const terminator = terminatorToken
      ? tokens.filter((token) => token.kind === 'positional' && token.index < terminatorToken.index).length
      : positionals.length;
    return { values: values as Record<string, string | boolean | undefined>, positionals, terminator };
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

function fileCommand(word: string): Mode {
  if (word === 'read' || word === 'lines') return word;
  throw new UsageError(`unknown command '${word}'; to run a command, put it after --: pipeguard -- ${word}`);
}

function describeMode(kind: Mode): string {
  if (kind === 'run') return 'running a command';
  if (kind === 'filter') return 'filtering standard input';
  return `'${kind}'`;
}
