// `pipeguard/web`: @pipeguard/web as it is, the stages and captureStream for WHATWG streams (Bun, Deno,
// browsers, workers). Everything, not a list: the subpath is that package, whatever it exports.
export * from '@pipeguard/web';
