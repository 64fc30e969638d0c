import { portableByteOps } from '@pipeguard/shared/core';
import { portableLatin1 } from './latin1';
import type { RedactOptions } from './options';
import { SecretRedactorCore } from './secret-redactor-core';

const ENCODER = new TextEncoder();
const latin1 = (bytes: Uint8Array) => portableLatin1(bytes, portableByteOps.isAscii);

/**
 * A short text (a prompt, a progress line, a note) through a redactor of its own with `options`: written
 * whole, ended, and its output taken, so a secret in it comes back as `[REDACTED:<kind>]`.
 * @throws TypeError or RangeError for invalid options, as `SecretRedactor`'s constructor.
 */
export function redactText(text: string, options: RedactOptions = {}): string {
  const core = new SecretRedactorCore({ ...options, byteOps: portableByteOps, latin1 });
  const decoder = new TextDecoder();
  let redacted = '';
  // Decoded as emitted: a core may reuse what it emitted once the call returns.
  const keep = (bytes: Uint8Array) => {
    redacted += decoder.decode(bytes, { stream: true });
  };
  core.write(ENCODER.encode(text), keep);
  core.end(keep);
  return redacted + decoder.decode();
}
