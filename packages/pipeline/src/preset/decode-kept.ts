import { FallbackDecoder } from '@pipeguard/fallback-decoder';
import { LineClipper, LineSplitter } from '@pipeguard/line-splitter';
import { Readable, Writable } from 'readable-stream';
import { MAX_CAPTURE_BYTES } from './capture-size-limit';
import { composeStreams } from './compose-streams';
import type { DecodedText, DecodeSettings } from './decode-kept-bytes';
import { PipelineError } from './errors';

export type { DecodedText, DecodeSettings } from './decode-kept-bytes';

/** The stages that turn kept bytes into text; constructing them validates their options. */
export interface DecodeStages {
  splitter: LineSplitter;
  clipper: LineClipper | null;
  decoder: FallbackDecoder;
}

/** Creates the decode stages for one run of {@link decodeKept}. */
export function createDecodeStages(settings: DecodeSettings, startOffset = 0): DecodeStages {
  return {
    splitter: new LineSplitter({ maxUnitBytes: settings.maxUnitBytes, batched: true, startOffset }),
    clipper: settings.maxLineBytes === null ? null : new LineClipper({ maxLineBytes: settings.maxLineBytes }),
    decoder: new FallbackDecoder({ fallback: settings.fallback }),
  };
}

/** Bounds the text {@link decodeKept} may build. */
export interface TextLimit {
  /** Names the stream in the error. */
  label: string;
  /** Most UTF-16 units of the capture's text. @defaultValue {@link MAX_CAPTURE_BYTES} */
  maxTextLength?: number;
  /** Units of the capture's text already decoded (a kept head, before its tail). @defaultValue `0` */
  decodedLength?: number;
}

/**
 * Splits, clips and decodes bytes the sink kept. The stages' splitter starts at the stream offset
 * of those bytes, so a clip marker names true stream offsets even for a kept tail. Text longer than
 * `maxTextLength` (clip markers can outgrow the bytes they replace) fails with `ERR_PIPELINE_CAPTURE_TOO_LARGE`.
 */
export async function decodeKept(
  bytes: Buffer,
  { splitter, clipper, decoder }: DecodeStages,
  { label, maxTextLength = MAX_CAPTURE_BYTES, decodedLength = 0 }: TextLimit,
): Promise<DecodedText> {
  // Nothing kept (a quiet stream, the common stderr): no stream to build, and the stages' counts are zero.
  if (bytes.length === 0)
    return { text: '', decoder: decoder.stats, clippedLines: clipper?.stats.clippedUnits ?? 0 };
  const pieces: string[] = [];
  let length = decodedLength;
  const collector = new Writable({
    objectMode: true,
    write(text: string, _encoding, callback) {
      length += text.length;
      if (length > maxTextLength) {
        callback(new PipelineError('ERR_PIPELINE_CAPTURE_TOO_LARGE', label, maxTextLength));
        return;
      }
      pieces.push(text);
      callback();
    },
  });
  const stages = clipper ? [splitter, clipper, decoder] : [splitter, decoder];
  const source = Readable.from(slices(bytes), { objectMode: false });
  await composeStreams([source, ...stages, collector]);
  return { text: pieces.join(''), decoder: decoder.stats, clippedLines: clipper?.stats.clippedUnits ?? 0 };
}

const SLICE_BYTES = 64 * 1024;

/**
 * Views of 64 KiB: the decoder validates a batch at once and goes line by line only through a batch
 * that fails UTF-8, so one legacy line must not send the whole kept output down the slow path.
 */
function* slices(bytes: Buffer): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += SLICE_BYTES)
    yield bytes.subarray(start, start + SLICE_BYTES);
}
