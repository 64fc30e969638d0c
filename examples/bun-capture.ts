// `captureStream` on a child's stdout in Bun: `Bun.spawn` hands out a WHATWG ReadableStream, and the
// agent profile turns a noisy build into what an agent should read. Run with bun:
// `packages/web/node_modules/.bin/bun examples/bun-capture.ts` (or any bun ≥ 1.1).
import { captureStream } from '@pipeguard/web';

declare const Bun: {
  spawn(
    command: string[],
    options: { stdout: 'pipe' },
  ): { stdout: ReadableStream<Uint8Array>; exited: Promise<number> };
};

// A build: a progress bar redrawn 200 times, 20 000 identical-looking lines, one error deep inside.
const BUILD = [
  'for i in $(seq 1 200); do printf "\\r\\033[32m%3d%%\\033[0m" $((i / 2)); done; echo',
  'seq 1 10000 | sed "s/^/compiled module /"',
  'echo "src/app.ts:12:5 - error TS2322: Type string is not assignable to type number"',
  'seq 10001 20000 | sed "s/^/compiled module /"',
  'echo done',
].join('; ');

const child = Bun.spawn(['sh', '-c', BUILD], { stdout: 'pipe' });
const capture = await captureStream(child.stdout, { profile: 'agent', maxBytes: 2000 });
const exitCode = await child.exited;
console.log(capture.text);
console.log(
  `exit ${exitCode}: read ${capture.bytes} bytes, kept ${capture.keptBytes}; ` +
    `${capture.excerpts.length} excerpt lines, ${capture.renderedAwayBytes} bytes of redraws rendered away`,
);
