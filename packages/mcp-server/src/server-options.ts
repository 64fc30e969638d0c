import { parseArgs } from 'node:util';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from './command-sessions';
import { durationMs, positiveInteger, sizeAtLeast } from './flag-values';
import { HTTP_FLAGS, HTTP_USAGE, type HttpOptions, httpOptionsFrom } from './http/http-options';

/** The server's settings, from its command line. */
export interface ServerOptions {
  /** Directories that confine `cwd` and reads. @defaultValue the working directory at start */
  roots: string[];
  /** Programs `run_command` may run (as `argv`); `null` runs anything. @defaultValue `null` */
  allow: string[] | null;
  /** Commands running at once. @defaultValue `4` */
  maxConcurrent: number;
  /** Milliseconds a call waits for a free slot before it is refused. @defaultValue `30000` */
  maxQueueWaitMs: number;
  /** The cap on a call's `timeout`, in milliseconds. @defaultValue `600000` (10 minutes) */
  maxTimeoutMs: number;
  /** The shell that runs `command` strings with `-c`. @defaultValue `'/bin/sh'` */
  shell: string;
  /** Bytes all spill files may take together (over HTTP: each session's). @defaultValue `268435456` (256 MiB) */
  spillMaxBytes: number;
  /**
   * Replace each secret in every tool's text with `[REDACTED:<kind>]` (the server's own environment's
   * secret-named values included); only the `--no-redact` flag turns it off, never a tool argument.
   * @defaultValue `true`
   */
  redact: boolean;

  /** Commands one client may keep running past their call (`yield_ms`). @defaultValue `8` */
  maxKeptCommands: number;
  /** Milliseconds without a read after which a kept command is ended. @defaultValue `600000` (10 minutes) */
  keptIdleMs: number;
  /** Serve Streamable HTTP instead of stdio, with these settings; `null` for stdio. @defaultValue `null` */
  http: HttpOptions | null;
}

/** What the command line asks for: serve, or print help or the version. */
export type ParsedCommandLine =
  | { kind: 'serve'; options: ServerOptions }
  | { kind: 'help' }
  | { kind: 'version' };

/** The `--help` text. */
export const USAGE = `pipeguard-mcp [options]   an MCP server (stdio, or Streamable HTTP with --http) with
                          run_command, read_bytes, read_lines and the
                          kept commands' read_output, write_input, stop_command, list_commands

  --root DIR             confine cwd and reads to DIR (repeatable; default: the working directory)
  --allow PROGRAM        run only argv whose program is PROGRAM (repeatable; shell strings refused)
  --max-concurrent N     commands running at once (default 4)
  --max-queue-wait TIME  how long a call waits for a free slot before it is refused (default 30s)
  --max-timeout TIME     cap on a call's timeout (default 10m)
  --shell PATH           shell for command strings, run with -c (default /bin/sh)
  --spill-max-bytes SIZE total size of the spill directory (default 256MiB; over HTTP, per session)
  --no-redact            hand secrets back as they are (default: every tool's text has each secret,
                         the server's environment's included, replaced by [REDACTED:<kind>])

  --max-kept-commands N  commands one client may keep running past their call (default 8)
  --kept-idle MS         end a kept command after MS without a read (default 600000)
${HTTP_USAGE}  -h, --help             show this help
  -v, --version          show the version

TIME is a duration such as 30s, 1500ms or 10m; a bare number is milliseconds.
SIZE is a byte count such as 65536, 64KiB or 256MiB.
`;

/**
 * Parses the server's command line.
 * @throws {TypeError} For an unknown option or a missing value.
 * @throws {RangeError} For a value out of range.
 */
export function parseCommandLine(argv: readonly string[], cwd = process.cwd()): ParsedCommandLine {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      root: { type: 'string', multiple: true },
      allow: { type: 'string', multiple: true },
      'max-concurrent': { type: 'string' },
      'max-queue-wait': { type: 'string' },
      'max-timeout': { type: 'string' },
      shell: { type: 'string' },
      'spill-max-bytes': { type: 'string' },
      'no-redact': { type: 'boolean' },

      'max-kept-commands': { type: 'string' },
      'kept-idle': { type: 'string' },
      ...HTTP_FLAGS,
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
  if (values.help) return { kind: 'help' };
  if (values.version) return { kind: 'version' };
  const spill = values['spill-max-bytes'];
  const spillMaxBytes = sizeAtLeast('spill-max-bytes', spill, 256 * 1024 * 1024, 1024 * 1024, '1MiB');
  return {
    kind: 'serve',
    options: {
      roots: values.root ?? [cwd],
      allow: values.allow ?? null,
      maxConcurrent: positiveInteger('max-concurrent', values['max-concurrent'], 4),
      maxQueueWaitMs: durationMs('max-queue-wait', values['max-queue-wait'], 30_000),
      maxTimeoutMs: durationMs('max-timeout', values['max-timeout'], 600_000),
      shell: values.shell ?? '/bin/sh',
      spillMaxBytes,
      redact: values['no-redact'] !== true,

      maxKeptCommands: positiveInteger(
        'max-kept-commands',
        values['max-kept-commands'],
        DEFAULT_MAX_SESSIONS,
      ),
      keptIdleMs: positiveInteger('kept-idle', values['kept-idle'], DEFAULT_SESSION_IDLE_MS),
      http: httpOptionsFrom(values),
    },
  };
}
