import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where an allowed program runs from: a name without a slash is looked up only in the absolute
 * directories of `path` (a relative entry such as `.` would find it in the call's `cwd`, a root the model
 * may have written an executable of that name into); a name with a slash is used as it is. `null` when
 * no absolute directory has it.
 */
export async function findAllowedProgram(
  name: string,
  path = process.env.PATH ?? '',
): Promise<string | null> {
  if (name.includes('/')) return name;
  for (const directory of path.split(delimiter)) {
    if (isAbsolute(directory) && (await isExecutableFile(join(directory, name))))
      return join(directory, name);
  }
  return null;
}
