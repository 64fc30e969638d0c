/** Values that stand for a secret without being one, lower-cased. */
const PLACEHOLDER_WORDS = new Set([
  'true',
  'false',
  'yes',
  'no',
  'on',
  'off',
  'null',
  'nil',
  'none',
  'undefined',
  'string',
  'str',
  'number',
  'integer',
  'boolean',
  'bool',
  'unknown',
  'object',
  'bytes',
  'required',
  'optional',
  'password',
  'passwd',
  'secret',
  'token',
  'changeme',
  'change_me',
  'notset',
  'not_set',
  'empty',
  'hidden',
  'masked',
]);

// The last is `…` (U+2026) in UTF-8 as the scan's Latin-1 sees it: a shortened example, `3q2-7wJ…`.
const PLACEHOLDER_PARTS = [
  'redacted',
  'changeme',
  'placeholder',
  'example',
  'your_',
  'your-',
  '****',
  '...',
  '\xe2\x80\xa6',
];

/** A number (`100`, `1.5`, `-3`), a version or a size: never a secret. */
const NUMBER = /^[-+]?\d+(?:[.,_:]\d+)*[a-z]{0,3}$/;
/** A version or a range of them: `^2.0.0`, `~1.4`, `>=3.1.0-beta.2`, `v20.1.0`. */
const VERSION = /^[~^<>=]*v?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?$/;
/** `$VAR`, `${VAR}`, `$(cmd)`, `<token>`, `{{ .Token }}`, `%(pw)s`, `[REDACTED:…]`, `*****`, paths. */
const PLACEHOLDER_START = /^(?:\$|<|\{\{|%|\[|\*|\/|\.\.?\/|~\/|#)/;

/** Whether an assigned `value` is a placeholder, a number, a boolean or a reference: not a secret. */
export function isPlaceholderValue(value: string): boolean {
  if (PLACEHOLDER_START.test(value)) return true;
  const lower = value.toLowerCase();
  if ((lower.length <= 12 && PLACEHOLDER_WORDS.has(lower)) || NUMBER.test(lower) || VERSION.test(lower))
    return true;
  if (/^(.)\1*$/.test(lower)) return true;
  for (const part of PLACEHOLDER_PARTS) if (lower.includes(part)) return true;
  return false;
}

/** `server.token`, `process.env.API_KEY`, `this.secret`: a member of an object in code, not a value. */
const MEMBER_EXPRESSION = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Whether an unquoted value reads as code: a member expression, or a bare identifier after ` = `. */
export function isCodeValue(value: string, spacedAssignment: boolean): boolean {
  return MEMBER_EXPRESSION.test(value) || (spacedAssignment && IDENTIFIER.test(value));
}
