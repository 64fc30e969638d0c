import { randomUUID } from 'node:crypto';
import type { RunningCommand, RunResult } from '@pipeguard/pipeline';
import type { SpillDirectory } from './spill-directory';
import { ToolInputError } from './tool-input-error';

/** Commands one client may keep running at once, by default. */
export const DEFAULT_MAX_SESSIONS = 8;
/** Milliseconds without a read after which a kept command is ended, by default: 10 minutes. */
export const DEFAULT_SESSION_IDLE_MS = 600_000;

/** A command `run_command` handed back still running: the model reads, answers and stops it by `id`. */
export interface CommandSession {
  id: string;
  command: RunningCommand;
  /** The command as the model gave it. */
  display: string;
  /** When it started, in milliseconds since the epoch. */
  startedAt: number;
  timeoutMs: number;
  /** Its spill directory, removed when the session ends; `null` once removed (a cancelled call's). */
  directory: string | null;
  /** Whether it is the output of a cancelled `run_command`, kept since no answer reached that call. */
  cancelled: boolean;
}

/** How many commands a client may keep, and for how long without a read. */
export interface CommandSessionLimits {
  maxSessions: number;
  idleMs: number;
}

/**
 * The commands one MCP session (one client) keeps running: each server session has its own registry, so
 * another client's id is simply not found. Capped; a command is ended (its group, its spill directory)
 * when nobody reads it for `idleMs`, when stopped, once its end has been read, and when the client goes.
 */
export class CommandSessions {
  readonly #spill: SpillDirectory;
  readonly #limits: CommandSessionLimits;
  readonly #entries = new Map<string, { session: CommandSession; timer: NodeJS.Timeout }>();
  #closed = false;

  constructor(spill: SpillDirectory, limits: CommandSessionLimits) {
    this.#spill = spill;
    this.#limits = limits;
  }

  /** Refuses a new command when this client keeps as many as it may. @throws Error naming the cap. */
  checkRoom(): void {
    if (this.#closed) throw new Error('The server is shutting down');
    if (this.#entries.size < this.#limits.maxSessions) return;
    throw new Error(
      `This client already keeps ${this.#limits.maxSessions} commands running, the server's cap: stop one with ` +
        'stop_command (list_commands lists them) before starting another that may outlive its call.',
    );
  }

  /** Keeps a running command under a new id; a command given once the client is gone is ended at once instead. */
  add(command: RunningCommand, details: Omit<CommandSession, 'id' | 'command'>): CommandSession {
    const session = { id: randomUUID(), command, ...details };
    if (this.#closed) {
      void command.stop({ graceMs: 0 }).catch(() => {});
      if (session.directory !== null) void this.#spill.release(session.directory, []);
      return session;
    }
    this.#entries.set(session.id, { session, timer: this.#idleTimer(session.id) });
    return session;
  }

  /** The command kept under `id`, its idle time restarted. @throws ToolInputError when there is none. */
  get(id: string): CommandSession {
    const entry = this.#entries.get(id);
    if (entry === undefined) {
      throw new ToolInputError(
        'session_id',
        `names no command of this client: "${id}" (list_commands lists them)`,
      );
    }
    clearTimeout(entry.timer);
    entry.timer = this.#idleTimer(id);
    return entry.session;
  }

  /** Every command kept, oldest first. */
  list(): CommandSession[] {
    return [...this.#entries.values()].map((entry) => entry.session);
  }

  /** Stops the command kept under `id` (TERM, then KILL after `graceMs`) and forgets it; resolves with its result. */
  async stop(id: string, graceMs = 2000): Promise<RunResult> {
    const { command } = this.get(id);
    const result = await command.stop({ graceMs });
    await this.forget(id);
    return result;
  }

  /** Forgets a command that has ended (or is being ended): its spill directory is removed. */
  async forget(id: string): Promise<void> {
    const entry = this.#entries.get(id);
    if (entry === undefined) return;
    this.#entries.delete(id);
    clearTimeout(entry.timer);
    if (entry.session.directory !== null) await this.#spill.release(entry.session.directory, []);
  }

  /** Ends every command at once (SIGKILL to each group) and removes their spill directories: the client is gone. */
  async closeAll(): Promise<void> {
    this.#closed = true;
    await Promise.all(
      this.list().map(async ({ id, command }) => {
        await command.stop({ graceMs: 0 }).catch(() => {});
        await this.forget(id);
      }),
    );
  }

  #idleTimer(id: string): NodeJS.Timeout {
    const timer = setTimeout(() => void this.stop(id, 0).catch(() => {}), this.#limits.idleMs);
    timer.unref();
    return timer;
  }
}
