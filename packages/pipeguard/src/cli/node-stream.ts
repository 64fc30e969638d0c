import {
  addAbortSignal,
  Duplex,
  finished,
  PassThrough,
  pipeline,
  promises,
  Readable,
  Stream,
  Transform,
  Writable,
} from 'node:stream';

// The CLI bundle's stand-in for readable-stream, which mirrors Node's streams: the bin runs only on
// Node ≥ 20, whose built-in streams are loaded already, so the 250 KB copy is not parsed at every start.
// Named imports: a default import would make the bundle copy every export of node:stream into a
// namespace object of getters at each start (4 KB of young heap, measured); `Stream` is that default.
export {
  addAbortSignal,
  Duplex,
  finished,
  PassThrough,
  pipeline,
  promises,
  Readable,
  Stream,
  Transform,
  Writable,
};
export default Stream;
