import { describeReceived } from '@pipeguard/shared/core';
import type { Needle } from './options';
import { isSecretName } from './secret-names';

/** The least bytes of a value that is redacted wherever it appears: shorter ones would match by chance. */
export const MIN_ENV_VALUE_BYTES = 8;
/** A needle longer than this is searched as pieces, each within a detector's reach (160 bytes). */
const MAX_NEEDLE_BYTES = 144;
const ENCODER = new TextEncoder();
const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64(bytes: Uint8Array): string {
  let out = '';
  for (let at = 0; at < bytes.length; at += 3) {
    const word = ((bytes[at] ?? 0) << 16) | ((bytes[at + 1] ?? 0) << 8) | (bytes[at + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - at) * 4) / 3));
    for (let index = 0; index < chars; index++) out += BASE64_ALPHABET[(word >> (18 - 6 * index)) & 63];
  }
  return out;
}

/**
 * The base64 characters that only `value`'s bytes decide, for each of the three places it can start in an
 * encoded stream (`echo "user:$TOKEN" | base64` shifts it): the characters shared with a neighbour dropped.
 */
function base64Forms(value: Uint8Array): string[] {
  const forms: string[] = [];
  for (const shift of [0, 1, 2]) {
    const padded = new Uint8Array(shift + value.length);
    padded.set(value, shift);
    const encoded = base64(padded);
    const head = shift === 0 ? 0 : shift + 1;
    const tail = ((shift + value.length) * 8) % 6 === 0 ? 0 : 1;
    forms.push(encoded.slice(head, encoded.length - tail));
  }
  return forms;
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** Pieces of at most {@link MAX_NEEDLE_BYTES}, of near-equal length (each at least 8 for a value of 8). */
function pieces(text: string): string[] {
  const count = Math.ceil(text.length / MAX_NEEDLE_BYTES);
  const size = Math.ceil(text.length / count);
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

/**
 * Tiles of `size` characters covering `form` (the last one ending at its end): a tool that wraps its encoding
 * (`xxd -p` at 60, `base64` at 76) cuts the form, and each of its lines holds whole tiles, so at most
 * `size - 1` characters at a line's edge pass, less than 8 bytes of the value. A short form has none.
 */
function tiles(form: string, size: number): string[] {
  if (form.length < 2 * size) return [];
  const out: string[] = [];
  for (let at = 0; at + size <= form.length; at += size) out.push(form.slice(at, at + size));
  if (form.length % size !== 0) out.push(form.slice(form.length - size));
  return out;
}

const HEX_TILE_CHARS = 16;
const BASE64_TILE_CHARS = 8;
const PYTHON_QUOTE_SAFE = /[A-Za-z0-9_.~/-]/;
const QUOTE_PLUS_SAFE = /[A-Za-z0-9_.~-]/;
const FORM_URLENCODED_SAFE = /[A-Za-z0-9_.*-]/;

/** `line` percent-encoded keeping the characters `safe` matches, a space as `+` when `plus`. */
function percentEncode(line: string, safe: RegExp, plus: boolean): string {
  let out = '';
  for (const char of line) {
    if (safe.test(char)) out += char;
    else if (plus && char === ' ') out += '+';
    else
      for (const byte of ENCODER.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * The forms one value is searched in: itself (line by line), hex, base64 at three shifts (and their tiles,
 * for wrapped output), percent-encoded as `encodeURIComponent`, Python's `quote` and `quote_plus`, and forms.
 */
function valueForms(value: string): string[] {
  const forms: string[] = [];
  for (const line of value.split(/\r?\n|\r/)) {
    const bytes = ENCODER.encode(line);
    if (bytes.length < MIN_ENV_VALUE_BYTES) continue;
    const raw = String.fromCharCode(...bytes);
    const base64s = base64Forms(bytes);
    const hexForm = hex(bytes);
    forms.push(raw, hexForm, hexForm.toUpperCase(), ...base64s);
    for (const form of base64s) forms.push(form.replace(/\+/g, '-').replace(/\//g, '_'));
    forms.push(...tiles(hexForm, HEX_TILE_CHARS));
    for (const form of base64s) forms.push(...tiles(form, BASE64_TILE_CHARS));
    forms.push(encodeURIComponent(line), percentEncode(line, PYTHON_QUOTE_SAFE, false));
    forms.push(percentEncode(line, QUOTE_PLUS_SAFE, true), percentEncode(line, FORM_URLENCODED_SAFE, true));
  }
  return forms;
}

/**
 * The needles of a command's environment: the forms of each secret-named variable's value, as `env:<NAME>`.
 * @throws TypeError when `env` is not an object or a value is neither a string nor undefined.
 */
export function compileEnvironment(env: unknown): Needle[] {
  if (typeof env !== 'object' || env === null || Array.isArray(env))
    throw new TypeError(`The "env" option must be of type object. Received ${describeReceived(env)}`);
  const needles: Needle[] = [];
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const values: readonly unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((entry) => typeof entry !== 'string'))
      throw new TypeError(
        `The "env.${name}" option must be a string or an array of strings. Received ${describeReceived(value)}`,
      );
    if (!isSecretName(name)) continue;
    for (const form of (values as string[]).flatMap(valueForms))
      for (const text of pieces(form)) {
        if (text.length < MIN_ENV_VALUE_BYTES || seen.has(text)) continue;
        seen.add(text);
        needles.push({ text, kind: `env:${name}` });
      }
  }
  return needles;
}
