import { pipeline as chain, finished } from 'readable-stream';
import type { CaptureInput } from './capture-input';

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

/**
 * Composes the stages once the input has bytes (or a stage closes: composed, the pipeline then
 * fails as usual). An input that ends empty (a quiet stderr) is wired to nothing: each stage is ended as
 * it is, so the sink and a live view end too, and a run spares a pipeline's composition. Until then a
 * stage's error has a listener: the composed pipeline finds it on the stage, or the ending reports it.
 */
export async function composeWhenData(
  input: CaptureInput,
  chain: readonly NodeJS.WritableStream[],
): Promise<void> {
  const quiet = () => {};
  for (const stage of chain) stage.on('error', quiet);
  try {
    if (await hasData(input, chain)) {
      const composed = composeStreams([input, ...chain]);
      for (const stage of chain) stage.off('error', quiet);
      await composed;
      return;
    }
    for (const stage of chain) stage.end();
    await Promise.all(chain.map((stage) => writableFinished(stage)));
  } finally {
    for (const stage of chain) stage.off('error', quiet);
  }
}

function hasData(input: CaptureInput, chain: readonly NodeJS.WritableStream[]): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const onClose = () => settle(true);
    const settle = (answer: boolean) => {
      for (const stage of chain) stage.off('close', onClose);
      resolve(answer);
    };
    for (const stage of chain) stage.once('close', onClose);
    void input.hasData.then(settle);
  });
}

function writableFinished(stage: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    finished(stage, { readable: false }, (error) => (error ? reject(error) : resolve()));
  });
}
