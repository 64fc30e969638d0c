export type { RedactOptions, RedactPattern } from './options';
export { SecretRedactor, type SecretRedactorStats } from './secret-redactor';
