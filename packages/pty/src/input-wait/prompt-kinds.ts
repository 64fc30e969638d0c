/** Words of a prompt that asks for something not to be shown: a password, passphrase, PIN, token, code. */
const SECRET_WORDS =
  /pass(?:word|phrase|code)|\bpin\b|\btoken\b|\bsecret\b|\botp\b|verification code|one-time/i;

/**
 * The prompts recognised from their text alone, where /proc cannot tell (macOS, Windows, a process /proc
 * hides): a line without its end, after a quiet spell, that reads as one of these. A question in general
 * is not among them: a partial line that ends in `?` or `:` and then a pause is also how many commands
 * say what they are about to do.
 */
const PROMPT_KINDS: readonly { kind: string; pattern: RegExp }[] = [
  // [Y/n], (y/N), (yes/no), [yes/no/[fingerprint]]: apt, ssh, most installers.
  { kind: 'choice', pattern: /[[(]\s*(?:y(?:es)?\s*\/\s*no?|no?\s*\/\s*y(?:es)?)\b.*[\])]\s*[?:]?$/i },
  // npx: "Ok to proceed? (y)", the answer in brackets being the default.
  { kind: 'choice', pattern: /\?\s*\((?:y|n|yes|no)\)$/i },
  { kind: 'secret', pattern: new RegExp(`(?:${SECRET_WORDS.source}).*[:?]$`, 'i') },
  // git: "Username for 'https://host': ", logins.
  { kind: 'credential', pattern: /\b(?:username|user name|login|e-?mail)\b.*[:?]$/i },
  // rm -i, cp -i: "rm: remove regular file 'x'?"; "Are you sure …?", "Continue?"
  {
    kind: 'confirmation',
    pattern: /\b(?:continue|proceed|overwrite|remove|delete|replace|sure|confirm)\b.*\?$/i,
  },
  { kind: 'key', pattern: /\bpress (?:enter|return|any key)\b/i },
  // A pager's prompt line: less's ":" and "(END)", more's "--More--".
  { kind: 'pager', pattern: /^(?::|\(END\)|--More--.*)$/ },
];

/** Which kind of prompt `text` (a line's text, trimmed) reads as, or `null`. */
export function promptKind(text: string): string | null {
  if (text === '') return null;
  for (const { kind, pattern } of PROMPT_KINDS) if (pattern.test(text)) return kind;
  return null;
}

/** Whether a prompt's text asks for a secret (so what is typed is not shown). */
export function asksForSecret(text: string): boolean {
  return SECRET_WORDS.test(text);
}
