import type { RedactOptions } from '@pipeguard/secret-redactor/core';
import { describeReceived } from '@pipeguard/shared/core';

export type { RedactOptions } from '@pipeguard/secret-redactor/core';

/**
 * The `redact` option as the stages get it: `null` (off) or the redactor's options. `profile: 'agent'`
 * turns it on when the caller did not say; the redactor validates what the object holds when built.
 * @throws TypeError when `redact` is neither a boolean nor an object.
 */
export function resolveRedactOption(redact: unknown, profileOn: boolean): RedactOptions | null {
  if (redact === undefined) return profileOn ? {} : null;
  if (redact === false) return null;
  if (redact === true) return {};
  if (redact === null || typeof redact !== 'object' || Array.isArray(redact)) {
    throw new TypeError(
      `The "redact" option must be a boolean or an object such as { env, patterns, allow }. Received ${describeReceived(redact)}`,
    );
  }
  return redact as RedactOptions;
}

/**
 * The redactor's options with the environment a command is given: its secret-named values are withheld
 * wherever the command prints them; a name the caller's `env` gives too is searched with both values.
 */
export function withCommandEnvironment(
  redact: RedactOptions | null,
  commandEnv: Readonly<Record<string, string | undefined>>,
): RedactOptions | null {
  if (redact === null) return null;
  const callerEnv = redact.env;
  // A caller's env of the wrong type is left for the redactor to refuse, with its own message.
  if (callerEnv !== undefined && (callerEnv === null || typeof callerEnv !== 'object')) return redact;
  const env: Record<string, string | readonly string[] | undefined> = { ...commandEnv, ...callerEnv };
  // The caller's value must not hide the real one the command prints.
  for (const [name, real] of Object.entries(commandEnv)) {
    const given = callerEnv?.[name];
    if (real === undefined || given === undefined || given === real) continue;
    env[name] = [...(Array.isArray(given) ? given : [given as string]), real];
  }
  return { ...redact, env };
}
