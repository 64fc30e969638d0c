import { AGENT_PROFILE, type Capture, type RunOptions } from '@pipeguard/pipeline';
import { isAtLineStart, type OutputName, printable, whenWritable, write } from './output';

/**
 * Whether the output is printed as it settles rather than at the end: the kept head (`--keep head`,
 * the default) is final as it arrives, and an unbounded stream is never held; `--json` and `--live-lines`
 * print one result at the end, and a tail or both ends are known only then.
 */
export function printsAsItSettles(options: RunOptions, json: boolean): boolean {
  if (json || options.liveLines === true) return false;
  // Two pipes (Windows) cannot give --all its order as it comes: the interleaved result is printed at the end.
  if (options.all === true && process.platform === 'win32') return false;
  const keep = options.keep ?? (options.profile === 'agent' ? AGENT_PROFILE.keep : 'head');
  return options.maxBytes === null || keep === 'head';
}

/** Writes text printed as it settles to `name`, counted in `printed`; resolves once `name` can take more. */
export function writeSettled(
  name: OutputName,
  text: string,
  printed: Record<OutputName, number>,
): Promise<void> | void {
  printed[name] += text.length;
  if (!write(name, text)) return whenWritable(name);
}

/**
 * What a capture printed as it settled (`printed` UTF-16 units of it, on `name`) leaves to print: its text
 * after them (the rest of the head, the marker, the excerpts, the tail, the placeholder), or for an
 * unbounded capture, whose text went out whole and was not kept, the binary placeholder alone.
 */
export function unprinted(capture: Capture, name: OutputName, printed: number, unbounded: boolean): string {
  if (!unbounded) return printable(capture).slice(printed);
  if (capture.placeholder === null) return '';
  return `${isAtLineStart(name) ? '' : '\n'}${capture.placeholder}\n`;
}
