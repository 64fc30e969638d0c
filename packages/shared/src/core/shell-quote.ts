/** Quotes one argument for a POSIX shell, so that a printed command can be pasted back as it is. */
export function quoteShellArgument(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}
