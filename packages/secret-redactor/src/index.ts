export type { RedactOptions, RedactPattern } from './options';
export { redactText } from './redact-text';
export { redactedFile } from './redacted-file';
export { SecretRedactor, type SecretRedactorStats } from './secret-redactor';
