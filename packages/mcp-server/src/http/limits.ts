import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { HttpOptions } from './http-options';

/** Seconds a client refused for want of a session slot is asked to wait (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 10;

/** How long an idle keep-alive connection stays open between requests. */
const KEEP_ALIVE_MS = 5000;

/** Request headers' total size, as Node's default: a larger one is answered 431. */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The `http.createServer` options that bound a client's time: its headers within `headerTimeoutMs`, its
 * whole request within `requestTimeoutMs`, checked every second (Node's default checks every 30 s, so a
 * slow client would hold its socket up to 30 s past its deadline).
 */
export function serverTimeouts(
  limits: Pick<HttpOptions, 'headerTimeoutMs' | 'requestTimeoutMs'>,
): ServerOptions {
  return {
    headersTimeout: limits.headerTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.min(1000, limits.headerTimeoutMs),
    keepAliveTimeout: KEEP_ALIVE_MS,
    maxHeaderSize: MAX_HEADER_BYTES,
  };
}

/** A request body read within its bound, or the news that it exceeds it. */
export type BodyRead = { tooLarge: true } | { tooLarge: false; text: string };

/**
 * Reads a request body of at most `maxBytes`: a declared `Content-Length` over the bound is refused
 * before a byte is read (a client that asked `Expect: 100-continue` is never told to send it), and a
 * body that grows past it is refused as soon as it does, so an oversized body is never held whole;
 * the rest of it is read and dropped (within the request timeout) while the refusal is answered.
 */
export function readBody(
  request: IncomingMessage,
  response: ServerResponse,
  maxBytes: number,
): Promise<BodyRead> {
  if (Number(request.headers['content-length']) > maxBytes) return Promise.resolve({ tooLarge: true });
  if (request.headers.expect?.toLowerCase() === '100-continue') response.writeContinue();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      // Read on and dropped, not held: the client gets its 413 instead of a reset mid-write.
      request.off('data', onData);
      chunks.length = 0;
      resolve({ tooLarge: true });
    };
    request.on('data', onData);
    request.once('end', () => resolve({ tooLarge: false, text: Buffer.concat(chunks).toString('utf8') }));
    request.once('error', reject);
    request.once('close', () =>
      reject(new Error('the client closed the connection while sending its request')),
    );
  });
}
