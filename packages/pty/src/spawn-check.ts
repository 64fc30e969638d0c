import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/**
 * Why `file` could not be started in `cwd` with `env.PATH`, as the error `child_process.spawn` would
 * emit (`ENOENT`, `EACCES`, syscall `spawn <file>`), or `null` when it can: the terminal's shell
 * wrapper would otherwise report a missing command as exit code 127 instead of an error.
 */
export function checkSpawnable(
  file: string,
  cwd: string | undefined,
  env: Record<string, string>,
): NodeJS.ErrnoException | null {
  if (cwd !== undefined && !statSync(cwd, { throwIfNoEntry: false, bigint: true })?.isDirectory()) {
    return spawnError('ENOENT', file, cwd);
  }
  const base = cwd ?? process.cwd();
  const candidates = file.includes('/')
    ? [isAbsolute(file) ? file : resolve(base, file)]
    : (env['PATH'] ?? '').split(delimiter).map((dir) => join(resolve(base, dir || '.'), file));
  let found = false;
  for (const candidate of candidates) {
    if (!statSync(candidate, { throwIfNoEntry: false, bigint: true })?.isFile()) continue;
    found = true;
    try {
      accessSync(candidate, constants.X_OK);
      return null;
    } catch {
      // Not executable here: a later directory of PATH may still hold one that is, as for execvp.
    }
  }
  return spawnError(found ? 'EACCES' : 'ENOENT', file, file);
}

function spawnError(code: string, file: string, path: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`spawn ${file} ${code}`);
  error.code = code;
  error.errno = code === 'ENOENT' ? -2 : -13;
  error.syscall = `spawn ${file}`;
  error.path = path;
  return error;
}
