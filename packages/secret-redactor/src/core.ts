// The runtime-free core of @pipeguard/secret-redactor: what any shell (Node, WHATWG streams) drives.
export { portableLatin1 } from './latin1';
export { REDACT_OPTIONS, type RedactOptions, type RedactPattern } from './options';
export { redactText } from './redact-text';
export {
  SecretRedactorCore,
  type SecretRedactorCoreOptions,
  type SecretRedactorStats,
} from './secret-redactor-core';
export { TOKEN_FORMATS, type TokenFormat } from './token-kinds';
