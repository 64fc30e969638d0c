import { pipeline as chain } from 'readable-stream';

type Streams = readonly (NodeJS.ReadableStream | NodeJS.WritableStream | NodeJS.ReadWriteStream)[];

/**
 * readable-stream's own `pipeline` as a promise: every stream is destroyed when one fails, and the
 * promise rejects with that failure. Its types take both Node's and readable-stream's streams.
 */
export function composeStreams(streams: Streams): Promise<void> {
  return new Promise((resolve, reject) => {
    chain(streams, (error) => (error ? reject(error) : resolve()));
  });
}
