import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/**
 * Whether `file` names a program `spawn()` would find and could execute: a path (relative to `cwd`) or a
 * name looked up in the environment's `PATH`, as execvp(3) looks it up.
 */
export function findExecutable(
  file: string,
  cwd: string | undefined,
  env: NodeJS.ProcessEnv | undefined,
): boolean {
  const base = cwd ?? process.cwd();
  if (file.includes('/')) return isExecutable(isAbsolute(file) ? file : resolve(base, file));
  const path = (env ?? process.env).PATH ?? '/usr/bin:/bin';
  return path.split(delimiter).some((dir) => isExecutable(resolve(base, join(dir || '.', file))));
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
