import type { BinaryGuardStats } from '@pipeguard/binary-guard/core';
import type { RepeatFolderStats } from '@pipeguard/repeat-folder/core';
import type { SecretRedactorStats } from '@pipeguard/secret-redactor/core';
import type { TerminalRendererStats } from '@pipeguard/terminal-renderer/core';

/** The stages' counts at a checkpoint of a {@link CaptureChain}: what the next part's counts start from. */
export interface StageCounts {
  bytes: number;
  guard: BinaryGuardStats | null;
  renderer: TerminalRendererStats | null;
  folder: RepeatFolderStats | null;
  redactor: SecretRedactorStats | null;
}

/** Each count of `now` less that of `before` (flat objects of numbers: a renderer's or a folder's counts). */
function countsSince<T extends object>(now: T, before: T | null): T {
  if (before === null) return now;
  const part = { ...now };
  for (const key of Object.keys(part) as (keyof T)[]) {
    if (typeof part[key] === 'number') (part[key] as number) -= before[key] as number;
  }
  return part;
}

/**
 * The counts of the part of a stream between two checkpoints: every count less the one at the earlier
 * checkpoint; the guard's placeholder only when this part withheld bytes.
 */
export function stageCountsSince(now: StageCounts, before: StageCounts | null): StageCounts {
  if (before === null) return now;
  const { guard, redactor } = now;
  const withheldBytes = (guard?.withheldBytes ?? 0) - (before.guard?.withheldBytes ?? 0);
  const byKind: Record<string, number> = {};
  for (const [kind, count] of Object.entries(redactor?.redactionsByKind ?? {})) {
    const part = count - (before.redactor?.redactionsByKind[kind] ?? 0);
    if (part > 0) byKind[kind] = part;
  }
  return {
    bytes: now.bytes - before.bytes,
    guard:
      guard === null
        ? null
        : {
            ...guard,
            withheld: withheldBytes > 0,
            withheldBytes,
            withheldFrom: withheldBytes > 0 ? guard.withheldFrom : null,
            placeholder: withheldBytes > 0 ? guard.placeholder : null,
          },
    renderer: now.renderer && countsSince(now.renderer, before.renderer),
    folder: now.folder && countsSince(now.folder, before.folder),
    redactor: redactor && {
      ...countsSince(redactor, before.redactor),
      redactionsByKind: byKind,
    },
  };
}
