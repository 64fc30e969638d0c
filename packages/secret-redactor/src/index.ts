export type { RedactOptions, RedactPattern } from './options';
export { redactedFile } from './redacted-file';
export { SecretRedactor, type SecretRedactorStats } from './secret-redactor';
