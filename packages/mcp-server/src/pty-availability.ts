import { createRequire } from 'node:module';
import { PTY_PACKAGE, PtyUnavailableError } from '@pipeguard/pipeline';

/**
 * Why `run()` could not give a command a pseudo-terminal here, or `null` when it can: the optional
 * package is loaded as `run()` loads it, required from `@pipeguard/pty`'s entry (the pipeline's
 * dependency that holds it), so the answer is the one `run()` would reach, but before any slot, spill
 * file or process exists for the call. Resolving it from elsewhere finds it only where a hoisted
 * `NODE_PATH` happens to (as under `pnpm exec`), so a client starting the server with a clean
 * environment was told `pty` is unavailable.
 */
export function ptyUnavailable(): PtyUnavailableError | null {
  if (process.platform === 'win32')
    return new PtyUnavailableError(PTY_PACKAGE, 'Windows is not supported yet');
  // `__filename` in the CommonJS build, `import.meta.url` in the ESM one (the bin).
  const here = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  try {
    const fromPipeline = createRequire(here.resolve('@pipeguard/pipeline'));
    createRequire(fromPipeline.resolve('@pipeguard/pty'))(PTY_PACKAGE);
    return null;
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0] ?? String(error);
    return new PtyUnavailableError(PTY_PACKAGE, `"${PTY_PACKAGE}" could not be loaded (${reason})`, {
      cause: error,
    });
  }
}
