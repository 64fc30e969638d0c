import { run } from '@pipeguard/pipeline';
import { GiB, MiB } from './lib/inputs';
import { defineGroup, defineQuestion } from './lib/question';
import { removeTempFile, type TempFile, writeTempFile } from './lib/temp-file';

interface Input {
  bytes: number;
  command: string;
  block?: TempFile;
}

type RunOptions = NonNullable<Parameters<typeof run>[2]>;

/** A child that writes `bytes` of 72-byte log lines to stdout and exits (as in child-processes). */
const logWriter = (bytes: number) =>
  `yes 'INFO worker 7 processed item 123456 in 12 ms (queue depth 3) ......' | head -c ${bytes}`;

/** 1000 lines of an 80-byte build log, the last a compiler error: 0.1 % matching lines. */
function buildLogBlock(): Buffer {
  const lines: string[] = [];
  for (let index = 0; index < 999; index++)
    lines.push(
      `[${String(index).padStart(9, '0')}] CC build/obj/module_${index % 89}.o -O2 -Wall -c`.padEnd(79),
    );
  lines.push("src/module_7.c:42:5: error: 'count' undeclared here (not in a function)".padEnd(79));
  return Buffer.from(`${lines.join('\n')}\n`);
}

const runContender = (
  name: string,
  options: RunOptions,
  expect: (result: Awaited<ReturnType<typeof run>>) => string,
) => ({
  name,
  run: ({ command }: Input) => run('sh', ['-c', command], options),
  verify: (output: unknown, input: Input) => {
    const result = output as Awaited<ReturnType<typeof run>>;
    return result.stdout.bytes === input.bytes ? expect(result) : 'wrong raw count';
  },
});

export default defineQuestion({
  id: 'preset-reader',
  title:
    "The preset's reader stages: run() with render: 'terminal', and with keepMatches: true, vs run() without, on a child writing 1 GiB",
  groups: [
    defineGroup<Input>({
      name: 'child writes 1 GiB of log lines to stdout (quick 32 MiB)',
      setup: ({ quick }) => {
        const bytes = quick ? 32 * MiB : GiB;
        return { bytes, command: logWriter(bytes) };
      },
      bytes: (input) => input.bytes,
      baseline: 'run() (1 MiB head limit)',
      runs: 5,
      contenders: [
        runContender('run() (1 MiB head limit)', {}, (result) => (result.stdout.truncated ? 'ok' : 'wrong')),
        runContender("same, render: 'terminal'", { render: 'terminal' }, (result) =>
          result.stdout.renderedBytes === result.stdout.bytes ? 'ok: plain text renders as itself' : 'wrong',
        ),
      ],
      targets: [{ contender: "same, render: 'terminal'", minRatio: 1 / 1.2 }],
    }),
    defineGroup<Input>({
      name: 'child writes 1 GiB of build log, 0.1 % matching lines (quick 32 MiB)',
      setup: async ({ quick }) => {
        const bytes = quick ? 32 * MiB : GiB;
        const block = buildLogBlock();
        // `yes` repeats the whole block (its last line feed added by yes): the fastest writer there is.
        const file = await writeTempFile('block.txt', block.subarray(0, -1), block.length - 1);
        return { bytes, block: file, command: `yes "$(cat ${file.path})" | head -c ${bytes}` };
      },
      teardown: (input) => (input.block ? removeTempFile(input.block) : undefined),
      bytes: (input) => input.bytes,
      baseline: 'run() (1 MiB head limit)',
      runs: 5,
      contenders: [
        runContender('run() (1 MiB head limit)', {}, (result) => (result.stdout.truncated ? 'ok' : 'wrong')),
        runContender('same, keepMatches: true', { keepMatches: true }, (result) =>
          result.stdout.keptMatchedLines > 0
            ? `ok: ${result.stdout.keptMatchedLines} of ${result.stdout.matchedLines} matching lines kept`
            : 'no match kept',
        ),
      ],
      targets: [{ contender: 'same, keepMatches: true', minRatio: 1 / 1.3 }],
    }),
  ],
});
