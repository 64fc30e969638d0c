import { EventEmitter } from 'node:events';
import { readSync } from 'node:fs';
import { constants } from 'node:os';
import { Readable, Writable } from 'readable-stream';
import { OutputGatherer } from './output-gatherer';
import { loadPtyModule, type PtyProcess } from './pty-load';
import { type PtyChildOptions, resolvePtyChildOptions } from './pty-options';
import { checkSpawnable } from './spawn-check';
import { TerminalInput } from './terminal-input';
import { validateCommand } from './validate-command';

/**
 * Printed by the wrapper once echo is off, before the command starts: the output's first bytes,
 * removed from it, and the sign that input may be written without being echoed. An OSC sequence, so
 * that a terminal shown it by mistake draws nothing.
 */
const READY_SIGNAL = Buffer.from('\x1b]pipeguard-pty-ready\x07', 'latin1');
/**
 * The terminal's session leader: turns echo off and LF-to-CRLF output off (a line ends as the program
 * wrote it, as on a pipe), says so, runs the command and exits as it did. It
 * holds the terminal until the command has exited: when a command closes its stdio before exiting (as
 * coreutils do), node-pty would close the terminal at once, and the hang-up SIGHUPs the command.
 * A status of 129 to 192 is taken for death by a signal (as shells report it) and raised again.
 */
const WRAPPER_SCRIPT = [
  `stty -echo -onlcr 2>/dev/null; printf '\\033]pipeguard-pty-ready\\007'; "$@"; status=$?`,
  'if [ "$status" -gt 128 ] && [ "$status" -le 192 ]; then kill -$((status - 128)) $$; fi; exit "$status"',
].join('\n');
const WRAPPER_NAME = 'pipeguard-pty';
/** Bytes read ahead of the consumer before the terminal is paused. */
const OUTPUT_HIGH_WATER_MARK = 64 * 1024;
/**
 * How often a paused terminal checks whether its command has exited: node-pty closes the terminal
 * 200 ms after the exit if it has not closed by itself, dropping unread bytes, so a paused terminal
 * whose command has gone is drained at once (at most the kernel's terminal buffer, some KiB).
 */
const EXIT_POLL_MS = 50;

const SIGNAL_NAMES = new Map<number, NodeJS.Signals>(
  Object.entries(constants.signals).map(([name, number]) => [number, name as NodeJS.Signals]),
);

/**
 * A command running under a pseudo-terminal, shaped like the part of a `ChildProcess` that `capture()`
 * uses: `stdout` carries everything the terminal shows (a terminal has one output stream, so `stderr`
 * is `null`), `stdin` is what the command reads, and `kill()` signals the terminal's whole session.
 * Events: `'exit'` `(code, signal)` once the command has exited and its output has ended; `'close'`
 * right after it; `'error'` `(error)` when it could not be started (`ENOENT`, `EACCES`).
 */
export class PtyChild extends EventEmitter {
  /** The command's pid, also its session and process group id; `undefined` when it did not start. */
  readonly pid: number | undefined;
  /** Raw output bytes as the terminal gives them (line ends as written: no CRLF added; escape sequences); `null` when not started. */
  readonly stdout: Readable | null;
  /** A terminal has one output stream: always `null`. */
  readonly stderr: null = null;
  /** What the command reads from its terminal; `end()` sends end-of-file. `null` when not started. */
  readonly stdin: Writable | null;
  /** The exit code, or `null` while running or when ended by a signal. */
  exitCode: number | null = null;
  /** The signal that ended the command, or `null`. */
  signalCode: NodeJS.Signals | null = null;
  readonly #terminal: PtyProcess | null;
  #ready = false;
  #heldInput: (() => void) | null = null;
  #pendingSignal: Buffer | null = Buffer.alloc(0);
  #exitPoll: NodeJS.Timeout | null = null;
  #draining = false;
  #exited = false;
  readonly #gathered = new OutputGatherer((chunk) => this.#pushOutput(chunk));

  /** @internal Use {@link spawnPtyChild}. */
  constructor(terminal: PtyProcess | null, startError: Error | null) {
    super();
    this.#terminal = terminal;
    if (terminal === null) {
      this.pid = undefined;
      this.stdout = null;
      this.stdin = null;
      process.nextTick(() => this.emit('error', startError));
      return;
    }
    this.pid = terminal.pid;
    this.stdout = new Readable({
      highWaterMark: OUTPUT_HIGH_WATER_MARK,
      read: () => this.#resumeOutput(),
      destroy: (error, callback) => {
        this.#gathered.discard();
        this.#stopExitPoll();
        // Nobody reads any more: hang the terminal up, as closing a terminal window does.
        if (!this.#exited) terminal.destroy();
        callback(error);
      },
    });
    this.stdin = this.#createStdin(terminal);
    terminal.onData((data) => this.#onData(data));
    terminal.onExit(({ exitCode, signal }) => this.#onExit(exitCode, signal));
    terminal.on('end', () => {
      this.#draining = true;
      if (typeof terminal.fd === 'number') this.#readRest(terminal.fd);
    });
    // EIO is how a terminal ends once no process holds it. Listening also keeps node-pty from
    // throwing other errors (it throws when nobody else listens).
    terminal.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'EIO') this.stdout?.destroy(error);
    });
  }

  /**
   * Sends `signal` to the terminal's session (the command's process group), as a timeout does.
   * @returns whether the signal was delivered to anyone.
   */
  kill(signal: NodeJS.Signals | number = 'SIGTERM'): boolean {
    if (this.pid === undefined) return false;
    try {
      process.kill(-this.pid, signal);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ESRCH' || code === 'EPERM') return false;
      throw error;
    }
  }

  #createStdin(terminal: PtyProcess): Writable {
    const input = new TerminalInput();
    // Input waits until echo is off; a write held past the exit is dropped, as a closed terminal would.
    const whenReady = (action: () => void) => {
      if (this.#ready || this.#exited) action();
      else this.#heldInput = action;
    };
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) =>
        whenReady(() => {
          if (!this.#exited) terminal.write(input.encode(chunk));
          callback();
        }),
      final: (callback) =>
        whenReady(() => {
          if (!this.#exited) terminal.write(input.end());
          callback();
        }),
    });
  }

  #onData(data: Buffer): void {
    const stdout = this.stdout as Readable;
    if (this.#pendingSignal !== null) {
      const seen = Buffer.concat([this.#pendingSignal, data]);
      const compared = Math.min(seen.length, READY_SIGNAL.length);
      const matches = seen.subarray(0, compared).equals(READY_SIGNAL.subarray(0, compared));
      if (matches && seen.length < READY_SIGNAL.length) {
        this.#pendingSignal = seen;
        return;
      }
      this.#pendingSignal = null;
      // Not the wrapper's signal (it could not run): the output is passed whole and input no longer waits.
      data = matches ? seen.subarray(READY_SIGNAL.length) : seen;
      this.#markReady();
      if (data.length === 0) return;
    }
    if (stdout.destroyed) return;
    this.#gathered.add(data);
  }

  #pushOutput(chunk: Buffer): void {
    const stdout = this.stdout as Readable;
    if (!stdout.destroyed && !stdout.push(chunk) && !this.#draining) this.#pauseOutput();
  }

  /**
   * Reads what the kernel still holds when the socket ended: libuv takes a hang-up after a short read
   * for end-of-file, though the terminal may hold more output (node-pty loses it: microsoft/node-pty#72).
   * The descriptor is still open during `'end'`; EIO means all was read, EAGAIN that a descendant holds it.
   */
  #readRest(fd: number): void {
    const buffer = Buffer.allocUnsafe(OUTPUT_HIGH_WATER_MARK);
    for (;;) {
      let bytes: number;
      try {
        bytes = readSync(fd, buffer);
      } catch {
        break;
      }
      if (bytes === 0) break;
      this.#onData(Buffer.from(buffer.subarray(0, bytes)));
    }
    this.#gathered.flush();
  }

  #markReady(): void {
    this.#ready = true;
    const held = this.#heldInput;
    this.#heldInput = null;
    held?.();
  }

  #pauseOutput(): void {
    (this.#terminal as PtyProcess).pause();
    this.#exitPoll ??= setInterval(() => {
      if (!this.#hasExited()) return;
      this.#draining = true;
      this.#resumeOutput();
    }, EXIT_POLL_MS);
  }

  #resumeOutput(): void {
    this.#stopExitPoll();
    (this.#terminal as PtyProcess).resume();
  }

  #stopExitPoll(): void {
    if (this.#exitPoll !== null) clearInterval(this.#exitPoll);
    this.#exitPoll = null;
  }

  /** Whether the command has exited and been reaped (node-pty reaps it at once), so it can write no more. */
  #hasExited(): boolean {
    try {
      process.kill(this.pid as number, 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ESRCH';
    }
  }

  #onExit(exitCode: number, signal: number | undefined): void {
    this.#exited = true;
    this.#stopExitPoll();
    const signalName = signal ? (SIGNAL_NAMES.get(signal) ?? null) : null;
    this.exitCode = signalName === null ? exitCode : null;
    this.signalCode = signalName;
    // node-pty reports the exit only once the terminal has closed, so every byte has been read by now.
    this.#gathered.flush();
    this.stdout?.push(null);
    this.#markReady();
    this.emit('exit', this.exitCode, this.signalCode);
    this.emit('close', this.exitCode, this.signalCode);
  }
}

/**
 * Spawns a command under a new pseudo-terminal (its own session), with echo turned off before it
 * starts, and returns it as a child-like {@link PtyChild}. `@lydell/node-pty` is loaded only now.
 * A command that cannot be started is reported by an `'error'` event, as `child_process.spawn` does.
 * @throws TypeError or RangeError for an invalid argument or option.
 * @throws PtyUnavailableError when the pseudo-terminal package cannot be loaded.
 */
export function spawnPtyChild(
  file: string,
  args: readonly string[] = [],
  options?: PtyChildOptions,
): PtyChild {
  validateCommand(file, args);
  const settings = resolvePtyChildOptions(options);
  const pty = loadPtyModule(settings.ptyPackage);
  const startError = checkSpawnable(file, settings.cwd, settings.env);
  if (startError !== null) return new PtyChild(null, startError);
  let terminal: PtyProcess;
  try {
    terminal = pty.spawn('/bin/sh', ['-c', WRAPPER_SCRIPT, WRAPPER_NAME, file, ...args], {
      name: settings.env['TERM'],
      cols: settings.cols,
      rows: settings.rows,
      ...(settings.cwd === undefined ? {} : { cwd: settings.cwd }),
      env: settings.env,
      // Raw Buffers: the bytes stay as the command wrote them, for the decoder's fallback.
      encoding: null,
    });
  } catch (error) {
    return new PtyChild(null, error as Error);
  }
  const child = new PtyChild(terminal, null);
  if (settings.input !== undefined) child.stdin?.end(settings.input);
  return child;
}
