// Data the bundler makes in Node and hands to a measure module (bench/web-runtimes.ts).
declare module 'virtual:codepage-oracle' {
  const oracle: Record<string, string[]>;
  export default oracle;
}
declare module 'virtual:codepage-texts' {
  const texts: Record<string, number[]>;
  export default texts;
}
declare module 'virtual:read-sizes' {
  /** `readBytes`: the read sizes this run measures (bench/web-runtimes.ts gives each its own process). */
  const options: { beside: boolean; base: boolean; rounds: number; readBytes: number[] };
  export default options;
}
// The build beside's @pipeguard/web (`PIPEGUARD_BASE=<checkout>`; this checkout's when none), bundled from its sources.
declare module 'base:@pipeguard/web' {
  export * from '@pipeguard/web';
}
