import { type CliOption, CURRENT_OPTIONS } from './option-table';
import type { CompletionShell } from './parse-cli';

const SUBCOMMANDS = ['run', 'read', 'lines', 'completion'];

const flagsOf = (options: readonly CliOption[]) =>
  options.flatMap((option) => [`--${option.name}`, ...(option.short ? [`-${option.short}`] : [])]);

/** Single-quotes a word for any of the three shells (none of the table's words holds a quote). */
const quoted = (word: string) => `'${word}'`;

function bash(): string {
  // An optional value is given after `=` in the same word, so the next word is never it.
  const taking = CURRENT_OPTIONS.filter((option) => option.value !== undefined && !option.optionalValue);
  const valueCases = taking.map((option) => {
    const words = option.choices ? `compgen -W ${quoted(option.choices.join(' '))} -- "$cur"` : '';
    const files = option.name === 'spill' ? 'compgen -d -- "$cur"' : 'compgen -f -- "$cur"';
    return `    --${option.name}) COMPREPLY=($(${words || files})); return ;;`;
  });
  return `# pipeguard completion for bash: source <(pipeguard completion bash)
_pipeguard() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} i
  for ((i = 1; i < COMP_CWORD; i++)); do
    [[ \${COMP_WORDS[i]} == -- ]] && { COMPREPLY=($(compgen -c -- "$cur")); return; }
  done
  case $prev in
${valueCases.join('\n')}
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W ${quoted(flagsOf(CURRENT_OPTIONS).join(' '))} -- "$cur"))
  elif [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W ${quoted(SUBCOMMANDS.join(' '))} -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _pipeguard pipeguard
`;
}

function zsh(): string {
  const lines = CURRENT_OPTIONS.map((option) => {
    const help = option.help.replace(/[[\]:'\\]/g, ' ');
    const action =
      option.value === undefined
        ? ''
        : option.optionalValue
          ? `:${option.value}: `
          : `:${option.value}:${option.choices ? `(${option.choices.join(' ')})` : option.name === 'spill' ? '_directories' : '_files'}`;
    const spec = `[${help}]${action}`;
    return option.short
      ? `    '(-${option.short} --${option.name})'{-${option.short},--${option.name}}'${spec}' \\`
      : `    '--${option.name}${option.optionalValue ? '=-' : ''}${spec}' \\`;
  });
  return `#compdef pipeguard
# pipeguard completion for zsh: pipeguard completion zsh > "\${fpath[1]}/_pipeguard"
_arguments -s \\
${lines.join('\n')}
    '1:command:(${SUBCOMMANDS.join(' ')})' \\
    '*::argument:_normal'
`;
}

function fish(): string {
  const lines = CURRENT_OPTIONS.map((option) => {
    const parts = ['complete -c pipeguard', `-l ${option.name}`];
    if (option.short) parts.push(`-s ${option.short}`);
    if (option.value !== undefined && !option.optionalValue)
      parts.push(option.choices ? `-x -a ${quoted(option.choices.join(' '))}` : '-r -F');
    parts.push(`-d ${quoted(option.help.replace(/'/g, ''))}`);
    return parts.join(' ');
  });
  return `# pipeguard completion for fish: pipeguard completion fish > ~/.config/fish/completions/pipeguard.fish
complete -c pipeguard -n __fish_use_subcommand -f -a ${quoted(SUBCOMMANDS.join(' '))}
${lines.join('\n')}
`;
}

/** The completion script for `shell`, made from the same option table as `--help`. */
export function completionScript(shell: CompletionShell): string {
  return { bash, zsh, fish }[shell]();
}
