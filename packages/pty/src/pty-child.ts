import { EventEmitter } from 'node:events';
import { closeSync, readSync } from 'node:fs';
import { signalNumbers } from '@pipeguard/shared';
import { Readable, Writable } from 'readable-stream';
import { watchExit } from './exit-watch';
import { OutputGatherer } from './output-gatherer';
import type { PtyProcess } from './pty-load';
import { TerminalInput } from './terminal-input';

/**
 * Printed by the wrapper once echo is off, before the command starts: the output's first bytes,
 * removed from it, and the sign that input may be written without being echoed. An OSC sequence, so
 * that a terminal shown it by mistake draws nothing.
 */
const READY_SIGNAL = Buffer.from('\x1b]pipeguard-pty-ready\x07', 'latin1');
/** Bytes read ahead of the consumer before the terminal is paused. */
const OUTPUT_HIGH_WATER_MARK = 64 * 1024;

let signalNames: Map<number, NodeJS.Signals> | undefined;

/**
 * A signal number's first name, as child_process names it (SIGABRT, not its alias SIGIOT; SIGIO, not
 * SIGPOLL). The table, and `node:os` it is read from, are loaded at the first signalled exit: built at
 * load, they cost every start of a program that imports the pipeline 25 KB of young heap (measured), pty
 * or not.
 */
function signalNameOf(signal: number): NodeJS.Signals | null {
  if (signalNames === undefined) {
    signalNames = new Map();
    for (const [name, number] of Object.entries(signalNumbers())) {
      if (!signalNames.has(number)) signalNames.set(number, name as NodeJS.Signals);
    }
  }
  return signalNames.get(signal) ?? null;
}

/** Sends `signal` to `pid` (a group when negative); whether anyone was there to receive it. */
function signalled(pid: number, signal: NodeJS.Signals | number): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ESRCH' || code === 'EPERM') return false;
    throw error;
  }
}

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
  /** The terminal's slave side, held open by this process until the command has exited; `null` once let go. */
  #hold: number | null;
  #stopWatching: () => void = () => {};
  #draining = false;
  #exited = false;
  readonly #gathered = new OutputGatherer((chunk) => this.#pushOutput(chunk));

  /** @internal Use {@link spawnPtyChild}. */
  constructor(terminal: PtyProcess | null, startError: Error | null, hold: number | null = null) {
    super();
    this.#terminal = terminal;
    this.#hold = hold;
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
        this.#stopWatching();
        this.#letGo();
        // Nobody reads any more: hang the terminal up, as closing a terminal window does.
        if (!this.#exited) terminal.destroy();
        callback(error);
      },
    });
    this.stdin = this.#createStdin(terminal);
    terminal.onData((data) => this.#onData(data));
    terminal.onExit(({ exitCode, signal }) => this.#onExit(exitCode, signal));
    // node-pty closes the terminal 200 ms after the exit if it has not closed by itself, dropping
    // unread bytes: once the command has gone, the output is drained whatever the reader's pace,
    // and the hold let go so that the terminal ends as soon as it is read.
    this.#stopWatching = watchExit(terminal.pid, () => {
      this.#draining = true;
      this.#letGo();
      this.#resumeOutput();
    });
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
    if (signalled(-this.pid, signal)) return true;
    // node-pty's forked command makes its session once it runs, often after the spawn has returned: until
    // then its pid leads no group, so it is signalled alone (it has no descendants yet). Not once it has
    // gone, when its pid may be another process's.
    return !this.#exited && !this.#draining && signalled(this.pid, signal);
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
  }

  #resumeOutput(): void {
    (this.#terminal as PtyProcess).resume();
  }

  /**
   * Closes this process's hold on the terminal: with the command gone, the terminal ends (EIO) once
   * its output is read, unless a descendant still holds it.
   */
  #letGo(): void {
    if (this.#hold === null) return;
    closeSync(this.#hold);
    this.#hold = null;
  }

  #onExit(exitCode: number, signal: number | undefined): void {
    this.#exited = true;
    this.#stopWatching();
    this.#letGo();
    const signalName = signal ? signalNameOf(signal) : null;
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
