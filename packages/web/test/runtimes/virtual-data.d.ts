// Data run-everywhere.ts makes in Node (iconv-lite) and bundles for the runtimes without it.
declare module 'virtual:single-byte-oracle' {
  const oracle: Record<string, string>;
  export default oracle;
}
declare module 'virtual:double-byte-oracle' {
  const oracle: readonly import('../checks/check').DoubleByteCase[];
  export default oracle;
}
