import { describeReceived, validateInteger, validateOptionsObject, validateString } from '@pipeguard/shared';
import { resolveFallbackList } from './fallback-list';
import {
  HOST_ENCODING_INPUT_KEYS,
  type HostEncodingInput,
  resolveHostFallback,
  thisHost,
} from './host-encoding';
import { iconvCodec } from './iconv-codec';

/** A fallback setting: an encoding, a list tried in order, `null` (off) or `'auto'` (the host's codepage). */
export type FallbackOption = string | readonly string[] | null | 'auto';

/**
 * Turns the `fallback` and `host` options into the list of encodings to try, validating both:
 * `'auto'` resolves `host` with {@link resolveHostFallback}, or this machine (`thisHost()`) when
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
  return resolveFallbackList(fallback, iconvCodec);
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
