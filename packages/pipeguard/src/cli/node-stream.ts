import stream from 'node:stream';

// The CLI bundle's stand-in for readable-stream, which mirrors Node's streams: the bin runs only on
// Node ≥ 20, whose built-in streams are loaded already, so the 250 KB copy is not parsed at every start.
export const {
  Duplex,
  PassThrough,
  Readable,
  Stream,
  Transform,
  Writable,
  addAbortSignal,
  finished,
  pipeline,
} = stream;
export const { promises } = stream;
export default stream;
