import {
  FallbackDecoderCore,
  type FallbackDecoderStats,
  type LegacyCodec,
} from '@pipeguard/fallback-decoder/core';
import { LineClipperCore, LineSplitterCore } from '@pipeguard/line-splitter/core';
import type { ByteOps, TextOps } from '@pipeguard/shared/core';
import { PipelineError } from './errors';

/** How kept bytes become text: the decoder's fallback, the splitter's cap, the clipper's cap. */
export interface DecodeSettings {
  fallback: string | string[] | null;
  maxUnitBytes: number;
  maxLineBytes: number | null;
}

/** Text decoded from kept bytes, with the counts of the stages that decoded it. */
export interface DecodedText {
  text: string;
  decoder: FallbackDecoderStats;
  clippedLines: number;
}

/** What the decoding cores run on: the runtime's byte scans, text helpers and legacy codec. */
export interface DecodeTools {
  byteOps: ByteOps;
  textOps: TextOps;
  codec: LegacyCodec;
}

/** The cores that turn kept bytes into text; constructing them validates their options. */
export interface DecodeCores {
  splitter: LineSplitterCore;
  clipper: LineClipperCore | null;
  decoder: FallbackDecoderCore;
}

/** Creates the decoding cores for one run of {@link decodeKeptBytes}, the splitter counting from `startOffset`. */
export function createDecodeCores(
  settings: DecodeSettings,
  tools: DecodeTools,
  startOffset = 0,
): DecodeCores {
  const { byteOps, textOps, codec } = tools;
  return {
    splitter: new LineSplitterCore({
      maxUnitBytes: settings.maxUnitBytes,
      batched: true,
      startOffset,
      byteOps,
    }),
    clipper:
      settings.maxLineBytes === null
        ? null
        : new LineClipperCore({ maxLineBytes: settings.maxLineBytes, byteOps }),
    decoder: new FallbackDecoderCore({ fallback: settings.fallback, codec, byteOps, textOps }),
  };
}

/** Starts `cores` over as {@link createDecodeCores} would build them, without checking their options again. */
export function restartDecodeCores(cores: DecodeCores): DecodeCores {
  cores.splitter.restart();
  cores.clipper?.restart();
  cores.decoder.restart();
  return cores;
}

/** Bounds the text {@link decodeKeptBytes} may build. */
export interface DecodeLimit {
  /** Names the stream in the error. */
  label: string;
  /** Most UTF-16 units of the capture's text. */
  maxTextLength: number;
  /** Units of the capture's text already decoded (a kept head, before its tail). @defaultValue `0` */
  decodedLength?: number;
}

const SLICE_BYTES = 64 * 1024;

/**
 * Splits, clips and decodes bytes a sink kept, in one pass through the cores (no stream): see
 * {@link keptBytesDecoder}. Text longer than `maxTextLength` fails with `ERR_PIPELINE_CAPTURE_TOO_LARGE`.
 */
export function decodeKeptBytes(
  bytes: Uint8Array,
  cores: DecodeCores,
  { label, maxTextLength, decodedLength = 0 }: DecodeLimit,
): DecodedText {
  const pieces: string[] = [];
  let length = decodedLength;
  const decoding = keptBytesDecoder(cores, (text) => {
    length += text.length;
    if (length > maxTextLength)
      throw new PipelineError('ERR_PIPELINE_CAPTURE_TOO_LARGE', label, maxTextLength);
    pieces.push(text);
  });
  decoding.write(bytes);
  decoding.end();
  const { decoder, clipper } = cores;
  return { text: pieces.join(''), decoder: decoder.stats, clippedLines: clipper?.stats.clippedUnits ?? 0 };
}

/** Kept bytes decoded as they come: `write` hands `collect` the text of each line once it is whole, `end` the rest. */
export interface KeptBytesDecoder {
  write(bytes: Uint8Array): void;
  end(): void;
}

/**
 * Feeds bytes through the decoding cores in 64 KiB slices (the decoder validates a batch at once and
 * goes line by line only through a batch that fails UTF-8, so one legacy line must not send the whole
 * kept output down the slow path), handing `collect` the text as the cores give it.
 */
export function keptBytesDecoder(
  { splitter, clipper, decoder }: DecodeCores,
  collect: (text: string) => void,
): KeptBytesDecoder {
  const decode = (unit: Parameters<FallbackDecoderCore['write']>[0]) => decoder.write(unit, collect);
  const units = clipper
    ? (unit: Parameters<LineClipperCore['write']>[0]) => clipper.write(unit, decode)
    : decode;
  return {
    write(bytes) {
      for (let start = 0; start < bytes.length; start += SLICE_BYTES) {
        splitter.write(bytes.subarray(start, start + SLICE_BYTES), units);
      }
    },
    end() {
      splitter.end(units);
      clipper?.end();
      decoder.end();
    },
  };
}
