import { describeReceived, validateInteger, validateOptionsObject, validateString } from '@pipeguard/shared';
import {
  HOST_ENCODING_INPUT_KEYS,
  type HostEncodingInput,
  resolveHostFallback,
  thisHost,
} from './host-encoding';
import { loadIconv } from './load-iconv';

/** A fallback setting: an encoding, a list tried in order, `null` (off) or `'auto'` (the host's codepage). */
export type FallbackOption = string | readonly string[] | null | 'auto';

/**
 * Turns the `fallback` and `host` options into the list of encodings to try, validating both:
 * `'auto'` resolves `host` with {@link resolveHostFallback}, or this machine ({@link thisHost}) when
 * `host` is not given; `host` without `'auto'` is an error.
 * @throws TypeError for a wrong type, an encoding iconv-lite does not support, or a wrong combination.
 * @throws RangeError for an empty list.
 */
export function resolveFallbackOption(fallback: unknown, host: unknown): string[] {
  if (fallback === 'auto') {
    if (host !== undefined) validateHost(host);
    const resolved = resolveHostFallback(host ?? thisHost());
    return resolved === null ? [] : [resolved];
  }
  if (host !== undefined) {
    throw new TypeError(
      `The "host" option must be undefined when "fallback" is not 'auto'. Received ${describeReceived(host)}`,
    );
  }
  if (fallback === null || fallback === undefined) return [];
  if (typeof fallback === 'string') return [validateEncoding('fallback', fallback)];
  if (!Array.isArray(fallback)) {
    throw new TypeError(
      `The "fallback" option must be of type string, an array of strings or null. Received ${describeReceived(fallback)}`,
    );
  }
  if (fallback.length === 0) {
    throw new RangeError('The "fallback" option must be a non-empty array of encodings. Received []');
  }
  return fallback.map((encoding: unknown, index) => validateEncoding(`fallback[${index}]`, encoding));
}

function validateEncoding(name: string, encoding: unknown): string {
  validateString(name, encoding);
  if (!loadIconv().encodingExists(encoding)) {
    throw new TypeError(
      `The "${name}" option must be an encoding iconv-lite supports. Received ${describeReceived(encoding)}`,
    );
  }
  return encoding;
}

function validateHost(host: unknown): asserts host is HostEncodingInput {
  if (typeof host !== 'object' || host === null || Array.isArray(host)) {
    throw new TypeError(
      `The "host" option must be of type object when "fallback" is 'auto'. Received ${describeReceived(host)}`,
    );
  }
  validateOptionsObject(host, HOST_ENCODING_INPUT_KEYS, 'host');
  const { platform, env, windowsAnsiCodepage, windowsLocale } = host as Record<string, unknown>;
  validateString('host.platform', platform);
  if (env !== undefined && (typeof env !== 'object' || env === null)) {
    throw new TypeError(`The "host.env" option must be of type object. Received ${describeReceived(env)}`);
  }
  if (windowsAnsiCodepage !== undefined) validateInteger('host.windowsAnsiCodepage', windowsAnsiCodepage);
  if (windowsLocale !== undefined) validateString('host.windowsLocale', windowsLocale);
}
