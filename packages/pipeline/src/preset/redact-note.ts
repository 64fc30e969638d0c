import { type RedactOptions, redactText } from '@pipeguard/secret-redactor/core';

/**
 * What a capture's own notes (the truncation marker, the binary placeholder, both of which may name the
 * command or a path) go through: the redactor with the stream's options, whole, or nothing when not redacting.
 */
export function noteRedactor(redact: RedactOptions | null): (note: string) => string {
  if (redact === null) return (note) => note;
  return (note) => redactText(note, redact);
}
