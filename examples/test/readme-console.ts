/**
 * A README's `console` blocks as runnable examples: each `$ ` line is a command, the lines after it what
 * it printed (stdout and stderr as a terminal shows them). A line that is `…` alone stands for any number
 * of lines; `…` inside a line for any text there. An HTML comment `<!-- doc-test setup: SHELL -->` just
 * before the block runs first in the example's directory (files the example reads).
 */
export interface ConsoleExample {
  /** The line of the README the command is on, 1-based. */
  line: number;
  command: string;
  output: string[];
  setup: string[];
}

const SETUP = /^<!-- doc-test setup: (.*) -->$/;

export function consoleExamples(markdown: string): ConsoleExample[] {
  const lines = markdown.split('\n');
  const examples: ConsoleExample[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (lines[index] !== '```console') continue;
    const setup: string[] = [];
    for (let above = index - 1; above >= 0 && SETUP.test(lines[above] as string); above--) {
      setup.unshift((lines[above] as string).replace(SETUP, '$1'));
    }
    let current: ConsoleExample | null = null;
    for (index++; index < lines.length && lines[index] !== '```'; index++) {
      const text = lines[index] as string;
      if (text.startsWith('$ ')) {
        current = { line: index + 1, command: text.slice(2), output: [], setup: [...setup] };
        examples.push(current);
      } else if (current !== null) current.output.push(text);
    }
  }
  return examples;
}

/** Whether `printed` is what `shown` shows, `…` lines and `…` inside lines standing for what is left out. */
export function matchesShownOutput(printed: string, shown: readonly string[]): boolean {
  const actual = printed.replace(/\n$/, '').split('\n');
  const lineMatches = (text: string, pattern: string) =>
    new RegExp(`^${pattern.split('…').map(escapeRegExp).join('.*')}$`, 's').test(text);
  const match = (a: number, s: number): boolean => {
    if (s === shown.length) return a === actual.length;
    const pattern = shown[s] as string;
    if (pattern === '…') {
      for (let skip = a; skip <= actual.length; skip++) if (match(skip, s + 1)) return true;
      return false;
    }
    return a < actual.length && lineMatches(actual[a] as string, pattern) && match(a + 1, s + 1);
  };
  return match(0, 0);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A `ts` block followed at once by a `text` block: the program and what it prints on stdout. */
export interface ProgramExample {
  line: number;
  source: string;
  output: string[];
}

export function programExamples(markdown: string): ProgramExample[] {
  const lines = markdown.split('\n');
  const examples: ProgramExample[] = [];
  for (let index = 0; index < lines.length; index++) {
    if (lines[index] !== '```ts') continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    let next = end + 1;
    while (next < lines.length && lines[next] === '') next++;
    if (lines[next] !== '```text') continue;
    let outputEnd = next + 1;
    while (outputEnd < lines.length && lines[outputEnd] !== '```') outputEnd++;
    examples.push({
      line: start,
      source: lines.slice(start, end).join('\n'),
      output: lines.slice(next + 1, outputEnd),
    });
    index = outputEnd;
  }
  return examples;
}

/** A `text` block marked `<!-- doc-test run_command: ARGS -->`: what a model receives for that call. */
export interface ToolExample {
  line: number;
  args: Record<string, unknown>;
  output: string[];
}

const TOOL_CALL = /^<!-- doc-test run_command: (.*) -->$/;

export function toolExamples(markdown: string): ToolExample[] {
  const lines = markdown.split('\n');
  const examples: ToolExample[] = [];
  for (let index = 0; index + 1 < lines.length; index++) {
    const marked = TOOL_CALL.exec(lines[index] as string);
    if (marked === null || lines[index + 1] !== '```text') continue;
    let end = index + 2;
    while (end < lines.length && lines[end] !== '```') end++;
    examples.push({
      line: index + 1,
      args: JSON.parse(marked[1] as string),
      output: lines.slice(index + 2, end),
    });
  }
  return examples;
}
