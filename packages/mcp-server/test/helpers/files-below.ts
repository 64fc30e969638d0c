import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Regular files anywhere below `directory`: what a server left in its spill root. */
export function filesBelow(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .map((name) => join(directory, name))
    .filter((path) => statSync(path, { throwIfNoEntry: false })?.isFile());
}
