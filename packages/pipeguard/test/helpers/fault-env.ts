import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { availableParallelism, constants, tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectBytes, eventually, isAlive, liveGroupMembers } from '@pipeguard/test-utils';
import { expect } from 'vitest';
import { CLI } from './cli';

/** The directories and files one fault-matrix cell works in, and what it checks on the way out. */
export class CellDir {
  readonly path: string;
  /** Where the cell's command writes its pid (its group's id): `sh -c 'echo $$ > PID; …'`. */
  readonly pidFile: string;
  /** The cell's spill directory, empty unless a result names a file in it. */
  readonly spill: string;

  constructor(root: string, name: string) {
    this.path = mkdtempSync(join(root, `${name.replace(/[^\w]+/g, '-')}-`));
    this.pidFile = join(this.path, 'pid');
    this.spill = join(this.path, 'spill');
    mkdirSync(this.spill);
  }

  /** `echo $$ > PID; SCRIPT`: a shell script that names its process group first. */
  script(body: string): string {
    return `echo $$ > ${this.pidFile}; ${body}`;
  }

  /** Asserts that no process of the command's group is alive (the group named by the pid file, if written). */
  async expectGroupEnded(): Promise<void> {
    if (!existsSync(this.pidFile)) return;
    const pgid = Number(readFileSync(this.pidFile, 'utf8'));
    if (!Number.isInteger(pgid) || pgid <= 0) return;
    expect(await eventually(() => liveGroupMembers(pgid).length === 0, 3000), `group ${pgid} ended`).toBe(
      true,
    );
  }

  /** Asserts that `pid` (a setsid escapee) has died. */
  async expectDead(pid: number): Promise<void> {
    expect(await eventually(() => !isAlive(pid), 5000), `process ${pid} ended`).toBe(true);
  }

  /** Asserts that `dir` holds nothing but the files named. */
  expectOnlyFiles(named: readonly (string | null | undefined)[], dir = this.spill): void {
    const allowed = new Set(named.filter((path): path is string => typeof path === 'string'));
    const left = readdirSync(dir).map((name) => join(dir, name));
    expect(left.filter((path) => !allowed.has(path))).toEqual([]);
  }
}

/** A tmpfs of `sizeKiB` mounted (read-only when asked) at a new directory; `null` when this user cannot mount. */
export function mountTmpfs(
  root: string,
  name: string,
  options: { sizeKiB: number; readOnly?: boolean },
): string | null {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync(
      'mount',
      ['-t', 'tmpfs', '-o', `size=${options.sizeKiB}k${options.readOnly ? ',ro' : ''}`, 'tmpfs', dir],
      {
        stdio: 'ignore',
      },
    );
    return dir;
  } catch {
    return null;
  }
}

/** Unmounts what {@link mountTmpfs} mounted. */
export function unmount(dir: string): void {
  try {
    execFileSync('umount', [dir], { stdio: 'ignore' });
  } catch {
    // Not mounted (the mount failed): nothing to undo.
  }
}

/**
 * A directory nothing can be written to: a read-only tmpfs, or (for a user who cannot mount) one
 * with mode 0555, which only root would ignore.
 */
export function readOnlyDirectory(root: string): string {
  const mounted = mountTmpfs(root, 'read-only', { sizeKiB: 64, readOnly: true });
  if (mounted !== null) return mounted;
  const dir = join(root, 'read-only');
  chmodSync(dir, 0o555);
  return dir;
}

/** A file that is not executable, to run as a command (EACCES). */
export function notExecutable(root: string): string {
  const path = join(root, 'not-executable.sh');
  writeFileSync(path, '#!/bin/sh\necho never\n', { mode: 0o644 });
  return path;
}

/** How the built CLI ended, and what it wrote. */
export interface CliOutcome {
  status: number;
  stdout: string;
  stderr: string;
}

/** How a cell runs the built CLI. */
export interface CliLaunch {
  args: readonly string[];
  /**
   * pipeguard's stdin: closed, /dev/null (the default), a pipe fed these bytes, a file, or a socket the
   * other end resets once `reset()` holds (reading it then fails with ECONNRESET).
   */
  stdin?:
    | { closed: true }
    | { pipe: Buffer | (() => NodeJS.ReadableStream) }
    | { file: string }
    | { reset: () => boolean }
    | undefined;
  env?: Record<string, string>;
  /** Scripts to preload (`node --require`). */
  preload?: readonly string[];
  /** Close this end of pipeguard's output once its first bytes arrived: the reader leaves. */
  leave?: 'stdout' | 'stderr';
  /** Send this signal to pipeguard once `when()` holds (polled), or once it first writes anything. */
  signal?: NodeJS.Signals;
  when?: () => boolean;
  /** Wrap the launch: `['sh', '-c', 'ulimit -f 64; exec "$@"', 'sh']`. */
  wrap?: readonly string[];
}

// Cells run concurrently, but no more CLI processes at once than the machine has cores for twice: a
// start starved of CPU would only make every cell slower, not the matrix faster.
const MAX_RUNNING = Math.max(2, availableParallelism() * 2);
let running = 0;
const waiting: (() => void)[] = [];

async function slot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await task();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Runs the built CLI as a cell asks and resolves with its exit status (128+N for a signal) and output. */
export function runCliCell(launch: CliLaunch): Promise<CliOutcome> {
  return slot(() => runCli(launch));
}

async function runCli(launch: CliLaunch): Promise<CliOutcome> {
  const command = [
    process.execPath,
    ...(launch.preload ?? []).flatMap((path) => ['--require', path]),
    CLI,
    ...launch.args,
  ];
  const closed = launch.stdin !== undefined && 'closed' in launch.stdin;
  const prefix = [...(launch.wrap ?? []), ...(closed ? ['sh', '-c', 'exec "$@" <&-', 'sh'] : [])];
  const [file, ...args] = [...prefix, ...command] as [string, ...string[]];
  const stdin = launch.stdin;
  // A file as stdin: an open descriptor, as `< FILE` gives one.
  const fd = stdin !== undefined && 'file' in stdin ? openSync(stdin.file, 'r') : null;
  const socket = stdin !== undefined && 'reset' in stdin ? await resettableSocket() : null;
  const { NODE_PATH: _nodePath, ...env } = process.env;
  const child = spawn(file, args, {
    env: { ...env, ...launch.env },
    stdio: [
      stdin !== undefined && 'pipe' in stdin ? 'pipe' : (fd ?? socket?.client ?? 'ignore'),
      'pipe',
      'pipe',
    ],
  });
  if (fd !== null) closeSync(fd);
  // The child has its own copy of the socket's descriptor: this end is not read here.
  socket?.client.destroy();
  if (socket !== null && stdin !== undefined && 'reset' in stdin) {
    void eventually(stdin.reset, 10_000).then(() => socket.reset());
  }
  if (stdin !== undefined && 'pipe' in stdin && child.stdin) {
    child.stdin.on('error', () => {
      // pipeguard may exit before reading all of it (its reader left, or it was interrupted).
    });
    if (Buffer.isBuffer(stdin.pipe)) child.stdin.end(stdin.pipe);
    else stdin.pipe().pipe(child.stdin);
  }
  const exited = new Promise<number>((resolve) =>
    child.once('close', (code, signal) => resolve(code ?? 128 + (signal ? constants.signals[signal] : 0))),
  );
  let signalled = false;
  const sendSignal = () => {
    if (launch.signal === undefined || signalled) return;
    signalled = true;
    child.kill(launch.signal);
  };
  if (launch.when === undefined) {
    child.stdout?.once('data', sendSignal);
    child.stderr?.once('data', sendSignal);
  } else if (launch.signal !== undefined) {
    void eventually(launch.when, 10_000).then(sendSignal);
  }
  const collect = (name: 'stdout' | 'stderr') => {
    const stream = child[name] as NodeJS.ReadableStream & { destroy(): void };
    if (launch.leave !== name) return collectBytes(stream);
    return new Promise<Buffer>((resolve) => {
      stream.once('data', (chunk: Buffer) => {
        stream.destroy();
        resolve(chunk);
      });
      stream.once('end', () => resolve(Buffer.alloc(0)));
    });
  };
  const [stdout, stderr, status] = await Promise.all([collect('stdout'), collect('stderr'), exited]);
  return { status, stdout: stdout.toString(), stderr: stderr.toString() };
}

/** A connected TCP socket for a child's stdin, and what resets it from the other end (RST, ECONNRESET). */
async function resettableSocket(): Promise<{ client: Socket; reset: () => void }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  const peer = await accepted;
  server.close();
  client.on('error', () => {
    // Reset by the other end after it was handed to the child: not this process's concern.
  });
  return { client, reset: () => peer.resetAndDestroy() };
}

/** A new directory for the matrix's cells, under the system's temporary directory. */
export function matrixRoot(): string {
  return mkdtempSync(join(tmpdir(), 'pipeguard-fault-matrix-'));
}

/** Removes the matrix's directory (its mounts first). */
export function removeMatrixRoot(root: string, mounts: readonly string[]): void {
  for (const dir of mounts) unmount(dir);
  rmSync(root, { recursive: true, force: true });
}
