import { classOf } from './byte-classes';

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
  const first = value.charCodeAt(0);
  if (PLACEHOLDER_FIRST[first] === 1 && PLACEHOLDER_START.test(value)) return true;
  const lower = value.toLowerCase();
  if (lower.length <= 12 && PLACEHOLDER_WORDS.has(lower)) return true;
  if (NUMBER_FIRST[first] === 1 && (NUMBER.test(lower) || VERSION.test(lower))) return true;
  if (isOneCharacterRepeated(lower)) return true;
  for (const part of PLACEHOLDER_PARTS) if (lower.includes(part)) return true;
  return false;
}

/** The first characters `PLACEHOLDER_START`, `NUMBER` and `VERSION` can match: their regexes run after these only. */
const PLACEHOLDER_FIRST = classOf('$<{%[*/.~#');
const NUMBER_FIRST = classOf('0-9+~^<>=vV-');

function isOneCharacterRepeated(text: string): boolean {
  if (text.length === 0) return false;
  const first = text.charCodeAt(0);
  for (let index = 1; index < text.length; index++) if (text.charCodeAt(index) !== first) return false;
  return true;
}

/** `server.token`, `process.env.API_KEY`, `this.secret`: a member of an object in code, not a value. */
const MEMBER_EXPRESSION = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Whether an unquoted value reads as code: a member expression, or a bare identifier after ` = `. */
export function isCodeValue(value: string, spacedAssignment: boolean): boolean {
  return MEMBER_EXPRESSION.test(value) || (spacedAssignment && IDENTIFIER.test(value));
}
