import { portableLatin1, type RedactOptions, SecretRedactorCore } from '@pipeguard/secret-redactor/core';
import { portableByteOps } from '@pipeguard/shared/core';

const ENCODER = new TextEncoder();

/**
 * What a capture's own notes (the truncation marker, the binary placeholder, both of which may name the
 * command or a path) go through: the redactor with the stream's options, whole, or nothing when not redacting.
 */
export function noteRedactor(redact: RedactOptions | null): (note: string) => string {
  if (redact === null) return (note) => note;
  return (note) => {
    const core = new SecretRedactorCore({
      ...redact,
      byteOps: portableByteOps,
      latin1: (bytes) => portableLatin1(bytes, portableByteOps.isAscii),
    });
    const decoder = new TextDecoder();
    let text = '';
    // Decoded as emitted: a core may reuse what it emitted once the call returns.
    const keep = (bytes: Uint8Array) => {
      text += decoder.decode(bytes, { stream: true });
    };
    core.write(ENCODER.encode(note), keep);
    core.end(keep);
    return text + decoder.decode();
  };
}
