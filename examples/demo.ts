import { spawn } from 'node:child_process';
import { pipeline } from 'node:stream/promises';
import { BoundedSink } from '@pipeguard/bounded-sink';
import { ByteCounter } from '@pipeguard/byte-counter';

/** `pnpm demo`: each scenario runs a real command and prints what pipeguard hands back. */
const scenarios: { title: string; command: string[]; sink: ConstructorParameters<typeof BoundedSink>[0] }[] =
  [
    {
      title: 'A verbose command: 5 MiB of log lines, the default 1 MiB head limit',
      command: [
        process.execPath,
        '-e',
        "for (let i = 0; i < 100000; i++) console.log('line', i, 'x'.repeat(40))",
      ],
      sink: {},
    },
    {
      title: 'A failing build: keep the tail, where the error is (limit 200 bytes)',
      command: [
        process.execPath,
        '-e',
        "for (let i = 0; i < 5000; i++) console.log('compiling', i); console.log('error: src/main.ts:3:7 missing semicolon')",
      ],
      sink: { maxBytes: 200, keep: 'tail' },
    },
    {
      title: 'Both ends of a long stream (limit 160 bytes)',
      command: ['seq', '1', '200000'],
      sink: { maxBytes: 160, keep: 'both' },
    },
  ];

for (const { title, command, sink: sinkOptions } of scenarios) {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const counter = new ByteCounter();
  const sink = new BoundedSink(sinkOptions);
  await pipeline(child.stdout, counter, sink);
  const result = await sink.done;
  const shown =
    result.text.length > 400 ? `${result.text.slice(0, 120)} … ${result.text.slice(-200)}` : result.text;
  process.stdout.write(`\n### ${title}\n$ ${command.join(' ').slice(0, 100)}\n${shown}\n`);
  process.stdout.write(
    `(ByteCounter: ${counter.bytes} raw bytes in ${counter.chunks} chunks; kept ${result.keptBytes}, omitted ${result.omittedBytes})\n`,
  );
}
