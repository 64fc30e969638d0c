import { AbortError, type RunResult, run } from '@pipeguard/pipeline';

/**
 * `run()` captures a child process safely: output bounded per stream, a timeout that kills the whole
 * process group, and cancellation through an AbortSignal with what was captured so far.
 */

// A verbose command: 6.9 MB of numbers, of which 64 bytes are kept, the first and last 32.
const verbose = await run('seq', ['1', '1000000'], { maxBytes: 64, keep: 'both' });
console.log('## verbose command, keep both ends of 64 bytes');
console.log(verbose.stdout.text);
console.log(`exit ${verbose.exitCode}: read ${verbose.stdout.bytes} bytes, kept ${verbose.stdout.keptBytes}`);

// A command that never ends: the timeout kills its process group (sh and its sleep).
const endless = await run('sh', ['-c', 'echo working; while :; do sleep 1; done'], { timeout: 500 });
console.log('\n## endless command, timeout 500 ms');
console.log(
  `stdout ${JSON.stringify(endless.stdout.text)}, timedOut ${endless.timedOut}, signal ${endless.signal}`,
);

// Cancellation: the same clean-up as a timeout, then the promise rejects with what was captured.
const controller = new AbortController();
setTimeout(() => controller.abort(new Error('the user pressed stop')), 300);
console.log('\n## cancelled after 300 ms');
try {
  await run('sh', ['-c', 'echo started; sleep 30'], { signal: controller.signal });
} catch (error) {
  if (!(error instanceof AbortError)) throw error;
  const captured = error.result as RunResult;
  console.log(
    `${error.name}: ${(error.cause as Error).message}; captured ${JSON.stringify(captured.stdout.text)}`,
  );
}
