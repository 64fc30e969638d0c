/**
 * The environment under which common tools answer for themselves, fail, or print instead of stopping to
 * ask: what `profile: 'agent'` gives a command (the caller's `env` wins). Each variable is the tool's own
 * documented switch; none consents to anything a prompt would have asked (installing, deleting):
 *
 * - git: `GIT_TERMINAL_PROMPT=0` (fail instead of asking for credentials), `GCM_INTERACTIVE=never` (Git
 *   Credential Manager), `GIT_EDITOR=true` (a commit without `-m` stops on its empty message, a merge
 *   keeps its default one, instead of waiting in an editor);
 * - pagers, which wait for a key: `PAGER`, `GIT_PAGER`, `MANPAGER`, `GH_PAGER` set to `cat`;
 *   `SYSTEMD_PAGER` and `AWS_PAGER` empty (their documented "no pager");
 * - `GH_PROMPT_DISABLED=1` (GitHub CLI), `TF_INPUT=0` (Terraform), `CLOUDSDK_CORE_DISABLE_PROMPTS=1` (gcloud);
 * - packages: `DEBIAN_FRONTEND=noninteractive` and `APT_LISTCHANGES_FRONTEND=none` (apt, debconf),
 *   `PIP_NO_INPUT=1`, `POETRY_NO_INTERACTION=1`, `COMPOSER_NO_INTERACTION=1`.
 *
 * Not set: `npm_config_yes` (npx's "Ok to proceed?" is consent to install and run a package; without a
 * terminal npm assumes yes itself), `CI` (it changes what many tools do, not only whether they ask).
 */
export const NO_PROMPT_ENV = Object.freeze({
  GIT_TERMINAL_PROMPT: '0',
  GCM_INTERACTIVE: 'never',
  GIT_EDITOR: 'true',
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  MANPAGER: 'cat',
  GH_PAGER: 'cat',
  SYSTEMD_PAGER: '',
  AWS_PAGER: '',
  GH_PROMPT_DISABLED: '1',
  TF_INPUT: '0',
  CLOUDSDK_CORE_DISABLE_PROMPTS: '1',
  DEBIAN_FRONTEND: 'noninteractive',
  APT_LISTCHANGES_FRONTEND: 'none',
  PIP_NO_INPUT: '1',
  POETRY_NO_INTERACTION: '1',
  COMPOSER_NO_INTERACTION: '1',
});

/**
 * A command's environment with {@link NO_PROMPT_ENV}: without `env`, the `inherited` one (`process.env`)
 * with every no-prompt variable set over it (a `PAGER=less` of the caller's shell would page); with `env`,
 * that one, as `spawn()` takes it, with the no-prompt variables it does not set. Variables set to
 * `undefined` are left out; neither object is changed.
 */
export function withNoPromptEnv(
  env?: NodeJS.ProcessEnv,
  inherited: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const result: Record<string, string> = env === undefined ? {} : { ...NO_PROMPT_ENV };
  for (const [key, value] of Object.entries(env ?? inherited)) if (value !== undefined) result[key] = value;
  return env === undefined ? Object.assign(result, NO_PROMPT_ENV) : result;
}
