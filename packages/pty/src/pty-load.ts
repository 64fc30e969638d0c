import { createRequire } from 'node:module';

/** The npm package that provides pseudo-terminals, an optional dependency of `@pipeguard/pipeline`. */
export const PTY_PACKAGE = '@lydell/node-pty';

/** The exact version `@pipeguard/pipeline` is tested with, named in the install hint. */
export const PTY_PACKAGE_VERSION = '1.1.0';

/** The part of a node-pty terminal the adapter uses (its `IPty`, spawned with `encoding: null`). */
export interface PtyProcess {
  readonly pid: number;
  /** The terminal's master descriptor (node-pty's UnixTerminal has it, though its IPty type does not say so). */
  readonly fd?: number;
  /** The path of the terminal's slave side (`/dev/pts/N`), on Unix. */
  readonly ptsName?: string;
  onData(listener: (data: Buffer) => void): unknown;
  onExit(listener: (event: { exitCode: number; signal?: number }) => void): unknown;
  /** Errors of the terminal's socket other than the EIO that ends it. */
  on(event: 'error', listener: (error: Error) => void): void;
  /** The end of the terminal's socket, while its descriptor is still open. */
  on(event: 'end', listener: () => void): void;
  write(data: string | Buffer): void;
  pause(): void;
  resume(): void;
  destroy(): void;
}

/** The part of a node-pty module the adapter uses. */
export interface PtyModule {
  spawn(file: string, args: string[], options: Record<string, unknown>): PtyProcess;
}

/** `@lydell/node-pty` (or the package named by `ptyPackage`) could not be loaded, or this platform is not supported. */
export class PtyUnavailableError extends Error {
  override readonly name = 'PtyUnavailableError';
  readonly code = 'ERR_PTY_UNAVAILABLE';
  /** The package that was asked for. */
  readonly packageName: string;

  constructor(packageName: string, reason: string, options?: { cause?: unknown }) {
    super(
      `Cannot run under a pseudo-terminal: ${reason}. It needs the optional dependency "${packageName}" ` +
        `(npm install ${packageName}@${PTY_PACKAGE_VERSION}; installs with --omit=optional or --no-optional skip it)`,
      options,
    );
    this.packageName = packageName;
  }
}

/**
 * Loads the pseudo-terminal package synchronously, only when a terminal is asked for, so that
 * `@pipeguard/pipeline` works without it.
 * @throws PtyUnavailableError when the package cannot be loaded (not installed, no prebuilt binary for
 * this platform) or on Windows, which the adapter does not support yet.
 */
export function loadPtyModule(packageName: string = PTY_PACKAGE): PtyModule {
  if (process.platform === 'win32') {
    throw new PtyUnavailableError(packageName, 'Windows is not supported yet');
  }
  // Resolved from this file, so the pipeline package's own optional dependency is found (ESM or CJS build).
  const require = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  try {
    return require(packageName) as PtyModule;
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0] ?? String(error);
    throw new PtyUnavailableError(packageName, `"${packageName}" could not be loaded (${reason})`, {
      cause: error,
    });
  }
}

/**
 * Why a command cannot have a pseudo-terminal here, or `null` when it can: the package loaded by
 * {@link loadPtyModule}, the loader `run()` uses, so every caller (`run()`, the MCP server checking
 * before it takes a slot) reaches the same answer.
 */
export function ptyUnavailable(packageName: string = PTY_PACKAGE): PtyUnavailableError | null {
  try {
    loadPtyModule(packageName);
    return null;
  } catch (error) {
    if (error instanceof PtyUnavailableError) return error;
    throw error;
  }
}
