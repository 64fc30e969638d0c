import {
  validateBoolean,
  validateInteger,
  validateOptionsObject,
  validateString,
} from '@pipeguard/shared/core';

/** Options of `BinaryGuard` (and the web shell's `BinaryGuardStream`). */
export interface BinaryGuardOptions {
  /**
   * Name of the stream, shown in the placeholder; `'stderr'` makes the redirect hint `2>`.
   * Longer than 24 characters, only its end is shown.
   * @defaultValue `'stdout'`
   */
  label?: string;
  /**
   * Bytes per classified window: the span over which the control share is measured, and the most
   * the guard holds back. A stream that ends sooner is classified whole. At least 1024.
   * @defaultValue `65536`
   */
  guardWindowBytes?: number;
  /**
   * The command to show in the placeholder's redirect hint; longer than 36 characters, or unset,
   * the hint says `COMMAND`.
   * @defaultValue `undefined`
   */
  command?: string;
  /**
   * Push one placeholder line per withheld run, in its place in the stream. `false` leaves them to the
   * consumer (`stats.withheldRuns`, `guard.placeholder`), e.g. to show them outside a byte budget.
   * @defaultValue `true`
   */
  emitPlaceholder?: boolean;
}

/** The options a binary guard takes (its Node stage's `BinaryGuardOptions`). */
export const BINARY_GUARD_OPTIONS = ['label', 'guardWindowBytes', 'command', 'emitPlaceholder'] as const;

/** The options with their defaults applied. */
export interface ResolvedOptions {
  label: string;
  guardWindowBytes: number;
  command: string | null;
  emitPlaceholder: boolean;
}

/** Validates the options object without touching it and fills in the defaults (`known`: the keys it may have). */
export function resolveOptions(
  options: BinaryGuardOptions | undefined,
  known: readonly string[] = BINARY_GUARD_OPTIONS,
): ResolvedOptions {
  validateOptionsObject(options, known);
  const { label = 'stdout', guardWindowBytes = 65_536, command, emitPlaceholder = true } = options ?? {};
  validateString('label', label, { nonEmpty: true });
  validateInteger('guardWindowBytes', guardWindowBytes, { minimum: 1024 });
  if (command !== undefined) validateString('command', command);
  validateBoolean('emitPlaceholder', emitPlaceholder);
  return { label, guardWindowBytes, command: command ?? null, emitPlaceholder };
}
