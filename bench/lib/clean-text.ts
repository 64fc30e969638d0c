import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A recording of a real program without secrets: this repository's `git log -p` of packages whose diffs
 * hold no credential fixtures, up to the commit the redactor was written on (2.4 MB, fixed). In a module of
 * its own so that a question that needs only this text does not load the redactor bench's peers (secretlint,
 * fast-check: ~5 MB of heap that put the measuring process past V8's 8 MB incremental-marking threshold).
 */
export const cleanText = (): Buffer =>
  execFileSync(
    'git',
    [
      'log',
      '-p',
      '56c587a',
      '--',
      'packages/line-splitter',
      'packages/repeat-folder',
      'packages/fallback-decoder',
      'packages/terminal-renderer',
    ],
    { cwd: root, maxBuffer: 1 << 30 },
  );
