import type { RedactOptions } from '@pipeguard/secret-redactor';
import type * as z from 'zod';
import type { CommandSessions } from '../command-sessions';
import type { CallEnvironment } from '../command-start';
import type { PathConfinement } from '../path-confinement';

/** What the server hands a tool's handler for one call. */
export interface ToolContext {
  /** Aborted when the client cancels the call or the server shuts down. */
  signal: AbortSignal;
  /** Sends a progress notification, when the client asked for them (it sent a progress token). */
  sendProgress: ((progress: number, total: number | undefined, message: string) => void) | null;
}

/** A tool's answer: text blocks for the model, and the same numbers as structured content. */
export interface ToolOutcome {
  content: string[];
  structured: Record<string, unknown>;
}

/** One MCP tool: its name, what a model reads about it, its schemas and its handler. */
export interface Tool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema: z.ZodObject;
  /** Whether the tool only reads (shown to clients as the `readOnlyHint` annotation). */
  readOnly: boolean;
  handle: (input: z.infer<Input>, context: ToolContext) => Promise<ToolOutcome>;
}

/** The server's settings every tool is built from. */
export interface ServerContext {
  /** Confines `run_command`'s `cwd`: the `--root` directories. */
  workingRoots: PathConfinement;
  /** Confines `read_bytes` and `read_lines`: the roots plus the spill directory. */
  readRoots: PathConfinement;
  environment: CallEnvironment;
  /** The shell that runs `command` strings. */
  shell: string;
  /** Programs `argv[0]` may name, or `null` for any (and `command` strings allowed). */
  allow: readonly string[] | null;
  /** The cap on `timeout_ms`. */
  maxTimeoutMs: number;
  /** What every tool's text is redacted with (`env`: the server's environment), or `null` with `--no-redact`. */
  redact: RedactOptions | null;

  /** The commands this client keeps running (`run_command` past its `yield_ms`). */
  commands: CommandSessions;
}
