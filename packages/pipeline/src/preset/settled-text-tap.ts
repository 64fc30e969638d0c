import { type BoundedSinkOptions, SettledHead } from '@pipeguard/bounded-sink/core';
import { nodeByteOps, type TransformCallback } from '@pipeguard/shared';
import { Transform } from 'readable-stream';
import { createDecodeCores, type KeptBytesDecoder, keptBytesDecoder } from './decode-kept';
import { NODE_CHAIN_TOOLS } from './node-chain-tools';
import type { ResolvedPresetOptions } from './preset-options';

/**
 * Takes a stream's settled text (see the `onSettledText` option) and its label; the chain waits for the
 * promise it returns, so a slow taker holds the command back as a slow pipe would.
 */
export type SettledTextListener = (text: string, label: string) => void | Promise<void>;

/**
 * The stage before the sink that hands `onSettledText` the text of the capture that can no longer
 * change, as it comes: the kept head, decoded as the capture decodes it, as far as {@link SettledHead}
 * is sure of it (what it hands on is where the capture's `text` starts; the rest is the capture's
 * `text` after it). With `maxBytes: null` it is all of the text, handed on and not kept: the sink then
 * sees nothing, so memory stays flat whatever the stream's length, and the capture's `text` holds only
 * the binary placeholder.
 */
export class SettledTextTap extends Transform {
  readonly #head: SettledHead;
  readonly #decoding: KeptBytesDecoder;
  readonly #listener: SettledTextListener;
  readonly #label: string;
  readonly #keepsNothing: boolean;
  #pieces: string[] = [];

  /** @throws TypeError or RangeError as the sink and the decoding cores throw them for the same options. */
  constructor(
    settings: ResolvedPresetOptions,
    sink: Omit<BoundedSinkOptions, 'sourceOffsetOf'>,
    listener: SettledTextListener,
  ) {
    super();
    this.#head = new SettledHead({ ...sink, byteOps: nodeByteOps });
    this.#decoding = keptBytesDecoder(createDecodeCores(settings, NODE_CHAIN_TOOLS), (text) => {
      this.#pieces.push(text);
    });
    this.#listener = listener;
    this.#label = settings.label;
    this.#keepsNothing = settings.maxBytes === null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    try {
      this.#decoding.write(this.#head.write(chunk));
    } catch (error) {
      callback(error as Error);
      return;
    }
    if (!this.#keepsNothing) this.push(chunk);
    this.#handOn(callback);
  }

  override _flush(callback: TransformCallback): void {
    // A bounded stream's last settled bytes may end mid-line: the capture's text gives the rest whole.
    try {
      if (this.#keepsNothing) this.#decoding.end();
    } catch (error) {
      callback(error as Error);
      return;
    }
    this.#handOn(callback);
  }

  #handOn(callback: TransformCallback): void {
    if (this.#pieces.length === 0) {
      callback();
      return;
    }
    const text = this.#pieces.join('');
    this.#pieces = [];
    let taken: void | Promise<void>;
    try {
      taken = this.#listener(text, this.#label);
    } catch (error) {
      callback(error as Error);
      return;
    }
    if (typeof taken?.then === 'function') taken.then(() => callback(), callback);
    else callback();
  }
}
