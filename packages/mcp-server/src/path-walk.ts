import { lstat, readlink } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';

/** Symbolic links followed in one walk, as Linux's own limit (ELOOP past it). */
const MAX_LINKS_FOLLOWED = 40;

/** Where a walk ended: a real path, outside the roots, or a failure inside them (an errno code). */
export type WalkOutcome =
  | { kind: 'found'; real: string }
  | { kind: 'outside' }
  | { kind: 'failed'; code: string };

/** The roots a walk is confined to: each spelling (as given, or real) with the real path it stands for. */
export interface WalkRoots {
  /** Spelled root → its real path. */
  spelled: ReadonlyMap<string, string>;
  /** The real paths of the roots. */
  real: readonly string[];
}

/** Whether `path` is `root` or below it, by path components (`/srv/app-evil` is not below `/srv/app`). */
export function isWithin(root: string, path: string): boolean {
  const rest = relative(root, path);
  return rest === '' || (!isAbsolute(rest) && rest !== '..' && !rest.startsWith(`..${'/'}`));
}

const partsOf = (path: string) => path.split('/').filter((part) => part !== '' && part !== '.');

/**
 * Where an absolute path starts its walk: at the real path of the longest spelled root its leading
 * components name exactly (no `..` among them), with the remaining components; else at `/`.
 */
function startOf(path: string, roots: WalkRoots): { at: string; rest: string[] } {
  const parts = partsOf(path);
  let best: { at: string; rest: string[] } = { at: '/', rest: parts };
  let bestLength = -1;
  for (const [spelled, real] of roots.spelled) {
    const rootParts = partsOf(spelled);
    if (rootParts.length > bestLength && rootParts.every((part, index) => parts[index] === part)) {
      best = { at: real, rest: parts.slice(rootParts.length) };
      bestLength = rootParts.length;
    }
  }
  return best;
}

/**
 * Resolves an absolute path component by component as the kernel does, symbolic links included, but
 * never looks at anything outside the roots: a step onto an outside name that is not an ancestor of a
 * root (those are known directories) ends the walk as `outside`, before any file system call there. So
 * whatever the outside path is (a directory, a file, nothing), the answer is the same, even for a link
 * whose target passes outside and comes back (`../outside/x/../../root/f`).
 */
export async function walkWithinRoots(path: string, roots: WalkRoots): Promise<WalkOutcome> {
  const contains = (real: string) => roots.real.some((root) => isWithin(root, real));
  const isAncestorOfRoot = (real: string) => roots.real.some((root) => isWithin(real, root));
  const start = startOf(path, roots);
  let current = start.at;
  // A stack, next component last.
  const pending = start.rest.reverse();
  let linksFollowed = 0;
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (name === '..') {
      current = dirname(current);
      continue;
    }
    // `current` is a real path, so `next` has no link above it.
    const next = join(current, name);
    if (!contains(next)) {
      if (!isAncestorOfRoot(next)) return { kind: 'outside' };
      current = next;
      continue;
    }
    let isLink: boolean;
    let isDirectory: boolean;
    try {
      const stats = await lstat(next);
      isLink = stats.isSymbolicLink();
      isDirectory = stats.isDirectory();
    } catch (error) {
      return { kind: 'failed', code: (error as NodeJS.ErrnoException).code ?? 'EIO' };
    }
    if (isLink) {
      if (++linksFollowed > MAX_LINKS_FOLLOWED) return { kind: 'failed', code: 'ELOOP' };
      let target: string;
      try {
        target = await readlink(next);
      } catch (error) {
        return { kind: 'failed', code: (error as NodeJS.ErrnoException).code ?? 'EIO' };
      }
      if (isAbsolute(target)) {
        const restart = startOf(target, roots);
        current = restart.at;
        pending.push(...restart.rest.reverse());
      } else {
        pending.push(...partsOf(target).reverse());
      }
      continue;
    }
    if (pending.length > 0 && !isDirectory) return { kind: 'failed', code: 'ENOTDIR' };
    current = next;
  }
  return contains(current) ? { kind: 'found', real: current } : { kind: 'outside' };
}
