import {
  AbortError,
  CaptureChain,
  type CaptureResult,
  optionKeysOf,
  type PresetOptions,
} from '@pipeguard/pipeline/core';
import { describeReceived, portableTextOps } from '@pipeguard/shared/core';
import { acceptBytes } from './accept-bytes';
import { namesDoubleByte, webLegacyCodec } from './codepages/legacy-codec';
import { webByteOps } from './web-byte-ops';

/**
 * What {@link captureStream} resolves to: the fields of `pipeline()`'s `Capture`, its excerpts' bytes
 * `Uint8Array`s rather than Buffers (hence a name of its own).
 */
export type CaptureStreamResult = CaptureResult<Uint8Array>;

/**
 * Options of {@link captureStream}: `pipeline()`'s, but `spill` and `spillMaxBytes` (they need a file
 * system) and `live` (Node's LiveLines), plus `signal`. `fallback` names `webLegacyCodec`'s codepages,
 * single-byte or double-byte (a double-byte table is loaded before the first read); `'auto'`, the host's
 * codepage, needs a process and is refused.
 */
export interface CaptureStreamOptions extends Omit<PresetOptions, 'spill' | 'spillMaxBytes'> {
  /**
   * Cancels the capture: the source is cancelled with the signal's reason and the promise rejects with an
   * `AbortError` (`code` `'ABORT_ERR'`, `cause` the reason). @defaultValue `undefined`
   */
  signal?: AbortSignal;
}

/**
 * V8's longest string (2^29 - 24 UTF-16 units, the shortest of the engines) less 64 KiB for the marker
 * and the placeholder, as `pipeline()` bounds a capture in Node.
 */
const MAX_CAPTURE_BYTES = 2 ** 29 - 24 - 64 * 1024;

const TOOLS = {
  byteOps: webByteOps,
  textOps: portableTextOps,
  codec: { name: 'webLegacyCodec', ...webLegacyCodec },
  maxCaptureBytes: MAX_CAPTURE_BYTES,
};

/**
 * `pipeline()` for a WHATWG `ReadableStream<Uint8Array>` (a `fetch` body, `Bun.spawn`'s or `Deno.Command`'s
 * stdout): the same stages as runtime-free cores, each chunk through all of them in one pass as it is
 * read, and `pipeline()`'s result at the end. Errors of the source or of a stage reject the promise and
 * cancel the source; so does `signal`.
 * @throws TypeError or RangeError for an invalid option (as `pipeline()` does), or a `readable` that is
 * not a ReadableStream, before anything is read.
 */
export function captureStream(
  readable: ReadableStream<Uint8Array>,
  options?: CaptureStreamOptions,
): Promise<CaptureStreamResult> {
  const chain = new CaptureChain(options, optionKeysOf('captureStream'), TOOLS);
  const signal = options?.signal;
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(
      `The "signal" option must be an instance of AbortSignal. Received ${describeReceived(signal)}`,
    );
  }
  if (typeof (readable as { getReader?: unknown } | null)?.getReader !== 'function') {
    throw new TypeError(
      `The "readable" argument must be an instance of ReadableStream. Received ${describeReceived(readable)}`,
    );
  }
  if (signal?.aborted) {
    readable.cancel(signal.reason).catch(() => {});
    return Promise.reject(abortError(signal));
  }
  const reader = readable.getReader();
  const fallback = options?.fallback;
  if (!namesDoubleByte(fallback)) return drain(reader, chain, signal);
  // A double-byte codepage's table is a module of its own: loaded (once) before the first chunk.
  return webLegacyCodec.load(fallback as string | readonly string[]).then(
    () => drain(reader, chain, signal),
    (error: unknown) => {
      reader.cancel(error).catch(() => {});
      throw error;
    },
  );
}

/** Reads `reader` to its end through `chain`; a failure or an abort cancels the source with its reason. */
function drain(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  chain: CaptureChain,
  signal: AbortSignal | undefined,
): Promise<CaptureStreamResult> {
  return new Promise<CaptureStreamResult>((resolve, reject) => {
    let settled = false;
    const settle = (error: unknown, capture?: CaptureStreamResult) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (capture) {
        reader.releaseLock();
        resolve(capture);
        return;
      }
      reader.cancel(error instanceof AbortError ? error.cause : error).catch(() => {});
      reject(error);
    };
    const onAbort = () => settle(abortError(signal as AbortSignal));
    signal?.addEventListener('abort', onAbort, { once: true });
    // Aborted while a codepage's table was loading: the event has gone by.
    if (signal?.aborted) onAbort();
    (async () => {
      let reading = reader.read();
      for (;;) {
        const { done, value } = await reading;
        if (settled) return;
        if (done) break;
        // The next read is asked for before the chain works on this chunk: a file's, a socket's or a
        // child's next read is under way meanwhile, as a Node stream reads ahead of its consumer.
        reading = reader.read();
        chain.write(acceptBytes(value));
      }
      settle(null, chain.finish());
    })().catch((error: unknown) => settle(error));
  });
}

function abortError(signal: AbortSignal): AbortError {
  return new AbortError('The capture was aborted', { cause: signal.reason });
}
