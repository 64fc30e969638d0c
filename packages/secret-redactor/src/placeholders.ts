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
// One case-insensitive scan instead of lower-casing the value and searching it once per word.
const PLACEHOLDER_PART = /redacted|changeme|placeholder|example|your[_-]|\*\*\*\*|\.\.\./i;
const ELLIPSIS = '\xe2\x80\xa6';

/** A number (`100`, `1.5`, `-3`), a version or a size: never a secret. */
const NUMBER = /^[-+]?\d+(?:[.,_:]\d+)*[a-z]{0,3}$/i;
/** A version or a range of them: `^2.0.0`, `~1.4`, `>=3.1.0-beta.2`, `v20.1.0`. */
const VERSION = /^[~^<>=]*v?\d+\.\d+(?:\.\d+)?(?:[-+][\w.]+)?$/i;
/** `$VAR`, `${VAR}`, `$(cmd)`, `<token>`, `{{ .Token }}`, `%(pw)s`, `[REDACTED:…]`, `*****`, paths. */
const PLACEHOLDER_START = /^(?:\$|<|\{\{|%|\[|\*|\/|\.\.?\/|~\/|#)/;

/** Whether an assigned `value` is a placeholder, a number, a boolean or a reference: not a secret. */
export function isPlaceholderValue(value: string): boolean {
  const first = value.charCodeAt(0);
  if (PLACEHOLDER_FIRST[first] === 1 && PLACEHOLDER_START.test(value)) return true;
  if (value.length <= 12 && PLACEHOLDER_WORDS.has(value.toLowerCase())) return true;
  if (NUMBER_FIRST[first] === 1 && (NUMBER.test(value) || VERSION.test(value))) return true;
  return isOneCharacterRepeated(value) || PLACEHOLDER_PART.test(value) || value.includes(ELLIPSIS);
}

/** The first characters `PLACEHOLDER_START`, `NUMBER` and `VERSION` can match: their regexes run after these. */
const PLACEHOLDER_FIRST = classOf('$<{%[*/.~#');
const NUMBER_FIRST = classOf('0-9+~^<>=vV-');

/** `xxxxxx`, `XxXx`: one character in either case, what `/^(.)\1*$/i` says without a regular expression. */
function isOneCharacterRepeated(text: string): boolean {
  if (text.length === 0) return false;
  const first = text.charCodeAt(0);
  const lower = (text[0] as string).toLowerCase();
  for (let index = 1; index < text.length; index++)
    if (text.charCodeAt(index) !== first && (text[index] as string).toLowerCase() !== lower) return false;
  return true;
}

/** `server.token`, `process.env.API_KEY`, `this.secret`: a member of an object in code, not a value. */
const MEMBER_EXPRESSION = /^[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Whether an unquoted value reads as code: a member expression, or a bare identifier after ` = `. */
export function isCodeValue(value: string, spacedAssignment: boolean): boolean {
  return MEMBER_EXPRESSION.test(value) || (spacedAssignment && IDENTIFIER.test(value));
}
