import { accessSync, constants, statSync } from 'node:fs';

/**
 * Why `directory` cannot take a spill file (`does not exist`, `is not a directory`, `is not
 * writable`), or `null` when it can: checked before a command is spawned, so a bad `spill` never
 * leaves a started command behind.
 */
export function spillDirectoryProblem(directory: string): string | null {
  try {
    // bigint: a plain stat leaves its file type in the array realpathSync reads for a cached path
    // component: a FIFO there cuts module resolution short (a pnpm layout then fails to load).
    const stats = statSync(directory, { throwIfNoEntry: false, bigint: true });
    if (stats === undefined) return 'does not exist';
    if (!stats.isDirectory()) return 'is not a directory';
    accessSync(directory, constants.W_OK | constants.X_OK);
    return null;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
      ? 'is not writable'
      : `cannot be used (${code})`;
  }
}
