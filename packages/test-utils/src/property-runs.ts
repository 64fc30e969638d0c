/** `PIPEGUARD_FUZZ_RUNS` as a number: 0 when unset or not a safe integer (`pnpm test`, CI). */
function fuzzRuns(): number {
  const runs = Number(process.env['PIPEGUARD_FUZZ_RUNS'] ?? 0);
  return Number.isSafeInteger(runs) && runs > 0 ? runs : 0;
}

/**
 * The run count of a property test: `ciRuns` in CI and `pnpm test`, or `PIPEGUARD_FUZZ_RUNS` when that is
 * larger (`pnpm test:fuzz`), so that one variable scales every property and none shrinks silently.
 */
export function propertyRuns(ciRuns: number): number {
  return Math.max(ciRuns, fuzzRuns());
}

/**
 * The timeout of a property test that needs more than the usual one: `ciMs` in CI and `pnpm test`;
 * under `pnpm test:fuzz` none of its own, so that the fuzz config's bound applies. A test's own timeout
 * outranks the config's, and a bound chosen for `ciRuns` would fail a property at 10 000 runs on time
 * alone.
 */
export function propertyTimeout(ciMs: number): number | undefined {
  return fuzzRuns() > 0 ? undefined : ciMs;
}
