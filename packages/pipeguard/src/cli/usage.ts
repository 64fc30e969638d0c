import { type CliOption, type CommandName, CURRENT_OPTIONS } from './option-table';

const HEADER = `Usage: pipeguard [run] [options] -- COMMAND [ARGS...]   run COMMAND and print its output, made safe
       COMMAND | pipeguard [options]                    the same for standard input
       pipeguard read FILE [options]                    a UTF-8 window of FILE at a byte offset
       pipeguard lines FILE [options]                   numbered lines of FILE, each cut at a byte cap
       pipeguard completion bash|zsh|fish               a shell completion script

Output is bounded per stream, binary output is withheld behind a one-line placeholder, and lines
that are not UTF-8 can be decoded from a legacy codepage; each cut is marked with exact byte counts.
COMMAND runs without a shell, in its own process group, reading pipeguard's standard input.
`;

const FOOTER = `
SIZE is a byte count such as 2000, 64KiB, 1MiB or 1.5MB. DURATION is a time such as 30s, 1500ms or 2m;
a bare number is milliseconds (--timeout still reads one as seconds until 0.3, with a note).
Exit status: COMMAND's own; 124 if it timed out; 128+N if killed by signal N; 130 if interrupted by
Ctrl-C (after its process group was stopped); 125 if it was ended waiting for input (--on-input-wait
end); 126/127 if it could not be run; 2 for bad arguments; 1 if pipeguard itself failed.
`;

const NAMES: Readonly<Record<CommandName, string>> = {
  run: 'COMMAND',
  filter: 'standard input',
  read: 'read',
  lines: 'lines',
};

/** The heading of the options that apply to exactly `commands`. */
function heading(commands: readonly CommandName[] | undefined): string {
  if (commands === undefined) return 'Everywhere:';
  const names = commands.map((command) => NAMES[command]);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];
  return `Options for ${listed}:`;
}

/** `--max-bytes SIZE`, `--keep-matches[=TEXT]`, `-h, --help`: how an option is written in `--help`. */
export function optionSynopsis(option: CliOption): string {
  const value = option.optionalValue ? `[=${option.value}]` : ` ${option.value}`;
  const long = `--${option.name}${option.value === undefined ? '' : value}`;
  return option.short === undefined ? `    ${long}` : `-${option.short}, ${long}`;
}

/**
 * The text of `pipeguard --help`, made from the option table: each option appears once, under the
 * commands it applies to, so help and parser cannot disagree.
 */
export function usage(): string {
  const groups = new Map<string, CliOption[]>();
  for (const option of CURRENT_OPTIONS) {
    const key = option.commands?.join(',') ?? '';
    groups.set(key, [...(groups.get(key) ?? []), option]);
  }
  const sections = [...groups.values()].map((options) => {
    const rows = options.map((option) => {
      const synopsis = optionSynopsis(option);
      const pad = synopsis.length < 26 ? ' '.repeat(26 - synopsis.length) : `\n${' '.repeat(28)}`;
      return `  ${synopsis}${pad}${option.help}`;
    });
    return `${heading(options[0]?.commands)}\n${rows.join('\n')}`;
  });
  // Options for every command come last, as a tool's own flags usually do.
  const everywhere = groups.has('') ? sections.splice([...groups.keys()].indexOf(''), 1) : [];
  return `${HEADER}\n${[...sections, ...everywhere].join('\n')}\n${FOOTER}`;
}
