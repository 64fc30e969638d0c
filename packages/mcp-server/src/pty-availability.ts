import { createRequire } from 'node:module';
import { PTY_PACKAGE, PtyUnavailableError } from '@pipeguard/pipeline';

/**
 * Why `run()` could not give a command a pseudo-terminal here, or `null` when it can: the pipeline's
 * optional package is loaded as the pipeline loads it (required from the pipeline's own entry), so the
 * answer is the one `run()` would reach, but before any slot, spill file or process exists for the call.
 */
export function ptyUnavailable(): PtyUnavailableError | null {
  if (process.platform === 'win32')
    return new PtyUnavailableError(PTY_PACKAGE, 'Windows is not supported yet');
  // `__filename` in the CommonJS build, `import.meta.url` in the ESM one (the bin).
  const here = createRequire(typeof __filename === 'string' ? __filename : import.meta.url);
  try {
    createRequire(here.resolve('@pipeguard/pipeline'))(PTY_PACKAGE);
    return null;
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0] ?? String(error);
    return new PtyUnavailableError(PTY_PACKAGE, `"${PTY_PACKAGE}" could not be loaded (${reason})`, {
      cause: error,
    });
  }
}
