/**
 * The run count of a property test: `ciRuns` in CI and `pnpm test`, or `PIPEGUARD_FUZZ_RUNS` when that is
 * larger (`pnpm test:fuzz`), so that one variable scales every property and none shrinks silently.
 */
export function propertyRuns(ciRuns: number): number {
  const fuzzRuns = Number(process.env['PIPEGUARD_FUZZ_RUNS'] ?? 0);
  return Number.isSafeInteger(fuzzRuns) && fuzzRuns > ciRuns ? fuzzRuns : ciRuns;
}
