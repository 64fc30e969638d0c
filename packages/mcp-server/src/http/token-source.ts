import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { eraseFromInitialEnvironment } from './initial-environment';

/** The environment variable a token may come from when no `--token-file` is given. */
export const TOKEN_ENVIRONMENT_VARIABLE = 'PIPEGUARD_MCP_TOKEN';

/** The shortest token accepted from a file or the environment: a guessable one would be no lock. */
export const MIN_TOKEN_CHARS = 32;

/** The tokens HTTP requests may carry (one per client; holders of one token are one user), and where they came from. */
export interface BearerTokens {
  values: string[];
  source: 'file' | 'environment' | 'generated';
}

function checkedToken(text: string, where: string): string {
  const token = text.trim();
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new RangeError(`The token in ${where} must be one word of visible ASCII characters (no spaces)`);
  }
  if (token.length < MIN_TOKEN_CHARS) {
    throw new RangeError(
      `The token in ${where} must have at least ${MIN_TOKEN_CHARS} characters. Received ${token.length}`,
    );
  }
  return token;
}

/** The tokens of a token file: one per line, blank lines skipped, each checked, the same one kept once. */
function tokensOf(text: string, where: string): string[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length === 0) throw new RangeError(`${where} must hold at least one token`);
  return [...new Set(lines.map((line, index) => checkedToken(line, `${where}, line ${index + 1},`)))];
}

async function readTokenFile(path: string): Promise<string[]> {
  // Judged by the descriptor that is read, so the file cannot be swapped between the check and the read.
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new RangeError(`--token-file "${path}" must be a regular file`);
    if ((stats.mode & 0o077) !== 0) {
      throw new RangeError(
        `--token-file "${path}" must be readable by its owner only (mode 0600 or stricter). Received mode 0${(stats.mode & 0o777).toString(8)}: chmod 600 it`,
      );
    }
    return tokensOf(await handle.readFile('utf8'), `--token-file "${path}"`);
  } finally {
    await handle.close();
  }
}

/**
 * Takes {@link TOKEN_ENVIRONMENT_VARIABLE} out of `env`, and when `env` is this process's own, out of its
 * initial environment too (Linux), so that neither a command's environment nor any
 * `/proc/<pid>/environ` of the server shows it; the value is left only in memory.
 * @throws When the initial environment cannot be rewritten on Linux: the token would stay readable.
 */
export function takeEnvironmentToken(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[TOKEN_ENVIRONMENT_VARIABLE];
  delete env[TOKEN_ENVIRONMENT_VARIABLE];
  if (value === undefined || env !== process.env || process.platform !== 'linux') return value;
  try {
    eraseFromInitialEnvironment(TOKEN_ENVIRONMENT_VARIABLE);
  } catch (error) {
    throw new Error(
      `${TOKEN_ENVIRONMENT_VARIABLE} cannot be erased from /proc/${process.pid}/environ (${(error as Error).message}), where every command could read it: pass the token with --token-file instead`,
    );
  }
  return value;
}

/**
 * The bearer tokens: from `tokenFile` (mode 0600 or stricter, one per line), else `fromEnvironment`
 * (the value {@link takeEnvironmentToken} took), else 256 random bits.
 * @throws {RangeError} For a token file of another mode or kind or without a token, or a token that is short or not one word.
 */
export async function loadBearerTokens(
  tokenFile: string | null,
  fromEnvironment: string | undefined,
): Promise<BearerTokens> {
  if (tokenFile !== null) return { values: await readTokenFile(tokenFile), source: 'file' };
  if (fromEnvironment !== undefined && fromEnvironment !== '') {
    return { values: [checkedToken(fromEnvironment, TOKEN_ENVIRONMENT_VARIABLE)], source: 'environment' };
  }
  return { values: [randomBytes(32).toString('base64url')], source: 'generated' };
}
