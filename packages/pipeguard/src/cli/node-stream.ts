// The CLI bundle's stand-in for readable-stream, which mirrors Node's streams: the bin runs only on
// Node ≥ 20, whose built-in streams are already loaded, so the 250 KB copy is not parsed at every start.
export * from 'node:stream';
export { default } from 'node:stream';
