// `captureStream` on a child's stdout in Deno: `Deno.Command` hands out a WHATWG ReadableStream. The
// capture is bounded, binary is withheld, and a signal stops a command that runs too long. Run with deno
// after `pnpm build` (Deno resolves the packages through node_modules):
// `packages/web/node_modules/.bin/deno run --allow-run examples/deno-capture.ts`.
import { AbortError, captureStream } from '@pipeguard/web';

declare const Deno: {
  Command: new (
    command: string,
    options: { args: string[]; stdout: 'piped' },
  ) => { spawn(): { stdout: ReadableStream<Uint8Array>; status: Promise<{ code: number }>; kill(): void } };
};

// Text, then a binary blob (as `cat` of an executable would print), then text again.
const mixed = new Deno.Command('sh', {
  args: ['-c', 'echo header; head -c 20000 /dev/zero; echo; echo footer'],
  stdout: 'piped',
}).spawn();
const capture = await captureStream(mixed.stdout, { maxBytes: 4096, command: 'sh -c …' });
console.log(`## binary withheld (exit ${(await mixed.status).code})`);
console.log(capture.text);

// A command that never ends: the signal cancels the capture and the child's stdout.
const endless = new Deno.Command('sh', {
  args: ['-c', 'echo working; exec sleep 30'],
  stdout: 'piped',
}).spawn();
try {
  await captureStream(endless.stdout, { signal: AbortSignal.timeout(300) });
} catch (error) {
  if (!(error instanceof AbortError)) throw error;
  console.log(`## endless command: ${error.name} (${error.code}) after 300 ms`);
} finally {
  endless.kill();
}
