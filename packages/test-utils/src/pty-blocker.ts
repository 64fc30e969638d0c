import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes, in `dir`, a script to preload with `node --require` that makes `require('@lydell/node-pty')`
 * fail (as on a platform without its prebuilt binary), and returns its path: the package cannot be
 * uninstalled for one test, and a process loads a module once.
 */
export function writePtyBlocker(dir: string): string {
  const path = join(dir, 'block-node-pty.cjs');
  writeFileSync(
    path,
    [
      "const Module = require('node:module');",
      'const load = Module._load;',
      'Module._load = function (request, ...rest) {',
      "  if (request === '@lydell/node-pty') throw new Error('@lydell/node-pty blocked for the test');",
      '  return load.call(this, request, ...rest);',
      '};',
    ].join('\n'),
  );
  return path;
}
