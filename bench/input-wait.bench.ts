import {
  DEFAULT_INPUT_WAIT_MS,
  type InputWait,
  InputWaitWatch,
  MIN_SAMPLE_INTERVAL_MS,
  type PtyChild,
  sampleInputWait,
  spawnPtyChild,
} from '@pipeguard/pty';
import { defineGroup, defineQuestion } from './lib/question';

/** A quiet minute at one sample a second: what sampling a command that prints nothing for a minute costs. */
const SAMPLES_PER_MINUTE = 60_000 / MIN_SAMPLE_INTERVAL_MS;

/** The budget: 1 % of one core over a quiet minute, in ms of CPU. */
const BUDGET_MS_PER_MINUTE = 600;

/** Spins the CPU for `ms`: the budget as work, so that it is timed as the samples are. */
function spin(ms: number): number {
  const end = performance.now() + ms;
  let turns = 0;
  while (performance.now() < end) turns++;
  return turns;
}

/** A dev server that also reads keys from its terminal (Vite's "press h"): many threads and descriptors. */
const DEV_SERVER = [
  "require('node:http').createServer((q, s) => s.end()).listen(0, '127.0.0.1', () => console.log('ready'));",
  "process.stdin.on('data', () => {});",
].join('\n');

/** Resolves once `child` has printed `text`. */
function printed(child: PtyChild, text: string): Promise<void> {
  let seen = '';
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('latin1');
      if (!seen.includes(text)) return;
      child.stdout?.off('data', onData);
      resolve();
    };
    child.stdout?.on('data', onData);
  });
}

interface QuietInput {
  /** Samples per run: a quiet minute's (a tenth of it in quick mode, against a tenth of the budget). */
  samples: number;
  budgetMs: number;
  /** The real-time quiet spell the teardown watches: a minute (3 s in quick mode). */
  realTimeMs: number;
  sleep: PtyChild;
  server: PtyChild;
  /** Runs of the sampling contenders: the RSS probe's process runs one once, and reports nothing. */
  runs: number;
}

/** Samples `pid` `samples` times in a row, as the watch does once a second; resolves with the verdicts. */
async function sampleRepeatedly(pid: number, samples: number): Promise<string[]> {
  const verdicts: string[] = [];
  for (let i = 0; i < samples; i++) {
    const sample = await sampleInputWait({
      pid,
      input: 'terminal',
      promptText: '',
      quietMs: DEFAULT_INPUT_WAIT_MS,
    });
    verdicts.push(sample.verdict);
  }
  return verdicts;
}

const allNotWaiting = (verdicts: unknown) =>
  (verdicts as string[]).every((verdict) => verdict === 'not-waiting')
    ? `ok: ${(verdicts as string[]).length} samples, not waiting`
    : `wrong verdicts: ${[...new Set(verdicts as string[])].join(', ')}`;

/**
 * The real-time figure: a watch on `pid` over `ms` of quiet, with the CPU this process spends inside each
 * of its samples summed (process.cpuUsage around the sampler), as a share of one core over that time. A
 * sample once a second finds caches colder than back-to-back samples do.
 */
async function watchedQuietCpu(ms: number, pid: number): Promise<string> {
  let cpuMs = 0;
  const watch = new InputWaitWatch({
    pid,
    input: 'terminal',
    sampler: async (query) => {
      const before = process.cpuUsage();
      const sample = await sampleInputWait(query);
      const used = process.cpuUsage(before);
      cpuMs += (used.user + used.system) / 1000;
      return sample;
    },
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  watch.stop();
  const share = (cpuMs / ms) * 100;
  return `watching an idle dev server for ${ms / 1000} s in real time: ${watch.samples} samples, ${cpuMs.toFixed(1)} ms of CPU in sampling (${(cpuMs / watch.samples).toFixed(2)} ms each) = ${share.toFixed(3)} % of one core (budget 1 %)`;
}

interface PromptInput {
  /** A shell that asks again after each answer, watched; `next` resolves at the next wait reported. */
  asked: { child: PtyChild; next: () => Promise<InputWait> };
  /** The same shell, unwatched: the floor, its prompt's arrival plus the quiet spell. */
  floor: PtyChild;
  /** Milliseconds from the prompt's bytes arriving to the wait being reported, per run. */
  latenciesMs: number[];
}

const ASKING = ['-c', 'while read -p "Name? " name; do :; done'];

/** Spawns the asking shell under a watch; `next()` answers and resolves at the next wait found. */
async function askedShell(latenciesMs: number[]): Promise<PromptInput['asked']> {
  const child = spawnPtyChild('bash', ASKING);
  let promptAt = 0;
  let onWait: (wait: InputWait) => void = () => {};
  const watch = new InputWaitWatch({
    pid: child.pid as number,
    input: 'terminal',
    onChange: (wait) => {
      if (wait === null) return;
      latenciesMs.push(performance.now() - promptAt);
      onWait(wait);
    },
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    if (chunk.includes('Name?')) promptAt = performance.now();
    watch.output(chunk);
  });
  child.once('exit', () => watch.stop());
  const next = () =>
    new Promise<InputWait>((resolve) => {
      onWait = resolve;
    });
  await next();
  latenciesMs.length = 0;
  return {
    child,
    next: () => {
      const found = next();
      watch.input();
      child.stdin?.write('alice\n');
      return found;
    },
  };
}

export default defineQuestion({
  id: 'input-wait',
  title: 'Input-wait detection: the CPU of sampling a quiet command, and the time to recognise a prompt',
  groups: [
    defineGroup<QuietInput>({
      name: "a quiet minute's samples (60, one a second) of a quiet command, against 1 % of a core for that minute",
      setup: async ({ quick }) => {
        const scale = quick ? 0.1 : 1;
        const sleep = spawnPtyChild('sleep', ['3600']);
        const server = spawnPtyChild(process.execPath, ['-e', DEV_SERVER]);
        await printed(server, 'ready');
        const samples = SAMPLES_PER_MINUTE * scale;
        return {
          samples,
          budgetMs: BUDGET_MS_PER_MINUTE * scale,
          realTimeMs: quick ? 3000 : 60_000,
          sleep,
          server,
          runs: 0,
        };
      },
      teardown: async ({ sleep, server, realTimeMs, runs }) => {
        // The figure the ratio stands for, in real time: a watch on the idle server over a quiet spell.
        if (runs > 2) process.stderr.write(`  ${await watchedQuietCpu(realTimeMs, server.pid as number)}\n`);
        sleep.kill('SIGKILL');
        server.kill('SIGKILL');
      },
      // Not bytes: one "byte" per sample.
      bytes: (input) => input.samples,
      baseline: '1 % of one core (the budget, spun)',
      contenders: [
        { name: '1 % of one core (the budget, spun)', run: ({ budgetMs }) => spin(budgetMs) },
        {
          name: 'sampling sleep (one process, one thread)',
          run: (input) => {
            input.runs++;
            return sampleRepeatedly(input.sleep.pid as number, input.samples);
          },
          verify: allNotWaiting,
        },
        {
          name: 'sampling an idle Node dev server reading keys (7 threads, epoll)',
          run: (input) => {
            input.runs++;
            return sampleRepeatedly(input.server.pid as number, input.samples);
          },
          verify: allNotWaiting,
        },
      ],
      // Issue 39: sampling costs < 1 % of one core over a quiet minute, i.e. less time than the budget.
      targets: [
        { contender: 'sampling sleep (one process, one thread)', minRatio: 1 },
        { contender: 'sampling an idle Node dev server reading keys (7 threads, epoll)', minRatio: 1 },
      ],
    }),
    defineGroup<PromptInput>({
      name: 'answer a read -p prompt under a terminal, until the next prompt is recognised (one run = one prompt)',
      setup: async () => {
        const latenciesMs: number[] = [];
        const floor = spawnPtyChild('bash', ASKING);
        await printed(floor, 'Name?');
        return { asked: await askedShell(latenciesMs), floor, latenciesMs };
      },
      teardown: ({ asked, floor, latenciesMs }) => {
        const sorted = [...latenciesMs].sort((a, b) => a - b);
        const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
        // The RSS probe's process runs the contender once: no figure from it.
        if (sorted.length > 1)
          process.stderr.write(
            `  prompt to input wait reported: median ${median.toFixed(0)} ms over ${sorted.length} prompts (min ${sorted[0]?.toFixed(0)}, max ${sorted[sorted.length - 1]?.toFixed(0)}; the quiet spell is ${DEFAULT_INPUT_WAIT_MS} ms; issue 39: within 3000 ms)\n`,
          );
        asked.child.kill('SIGKILL');
        floor.kill('SIGKILL');
      },
      bytes: () => 1,
      baseline: 'the floor: the next prompt arrives, then the 1.5 s quiet spell passes',
      runs: 5,
      contenders: [
        {
          name: 'the floor: the next prompt arrives, then the 1.5 s quiet spell passes',
          run: async ({ floor }) => {
            const prompted = printed(floor, 'Name?');
            floor.stdin?.write('alice\n');
            await prompted;
            await new Promise((resolve) => setTimeout(resolve, DEFAULT_INPUT_WAIT_MS));
          },
        },
        {
          name: 'InputWaitWatch reports the wait',
          run: ({ asked }) => asked.next(),
          verify: (wait) => ((wait as InputWait).prompt === 'Name?' ? 'ok: prompt Name?' : 'wrong prompt'),
        },
      ],
      // Issue 39: recognised within 3 s of the prompt; the floor takes the 1.5 s quiet spell, so ≥ 1.5/3.
      targets: [{ contender: 'InputWaitWatch reports the wait', minRatio: DEFAULT_INPUT_WAIT_MS / 3000 }],
    }),
  ],
});
