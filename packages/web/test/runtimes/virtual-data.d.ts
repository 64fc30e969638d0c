// Data run-everywhere.ts makes in Node (iconv-lite) and bundles for the runtimes without it.
declare module 'virtual:single-byte-oracle' {
  const oracle: Record<string, string>;
  export default oracle;
}
