import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Contender, defineGroup, defineQuestion } from './lib/question';

/** The built bin, what `pnpm exec pipeguard` runs (CommonJS: see packages/pipeguard/tsup.config.ts). */
const CLI = fileURLToPath(new URL('../packages/pipeguard/dist/cli.cjs', import.meta.url));

/**
 * Another build's bin (`PIPEGUARD_CLI_BASELINE=<path>/dist/cli.cjs`), timed beside this one in the same
 * run, so that a change is judged against the build before it at the same load.
 */
const BASELINE_CLI = process.env.PIPEGUARD_CLI_BASELINE;

/**
 * What any CLI that runs a command pays: node spawning `true` with piped stdout and stderr, reading
 * both and waiting for it, with nothing else loaded. The part of pipeguard's time above it is ours.
 */
const SPAWN_TRUE =
  "const c = require('node:child_process').spawn('true', [], { stdio: ['ignore', 'pipe', 'pipe'] });" +
  'c.stdout.resume(); c.stderr.resume();';

/** Spawns node with `args` `times` times in a row and returns how many exited 0. */
function spawnRepeatedly(args: readonly string[], times: number): number {
  let succeeded = 0;
  for (let i = 0; i < times; i++) {
    if (spawnSync(process.execPath, args, { stdio: 'ignore' }).status === 0) succeeded++;
  }
  return succeeded;
}

interface Input {
  /**
   * Process starts per measured run: one. Started ten times in a row, a program finds its own code still
   * hot in the caches at each start after the first, which a user's single start never does: that loop
   * measured pipeguard 1.39x node -e 0 where single starts, alternated, measured 1.50x.
   */
  starts: number;
}

/** A contender that starts node with `args` once per start, and checks that every start exited 0. */
function starting(name: string, args: readonly string[]): Contender<Input> {
  return {
    name,
    run: ({ starts }) => spawnRepeatedly(args, starts),
    verify: (succeeded, { starts }) => (succeeded === starts ? 'ok: exit 0' : 'a start failed'),
  };
}

export default defineQuestion({
  id: 'cli-startup',
  title: 'CLI start-up: pipeguard -- true against a bare node -e 0, each started many times in a row',
  groups: [
    defineGroup<Input>({
      name: 'start, run true, exit (one run = one start, the contenders alternated)',
      setup: () => {
        if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run pnpm build first`);
        return { starts: 1 };
      },
      // Not bytes: one "byte" per start, so the MB/s column reads as starts per microsecond.
      bytes: (input) => input.starts,
      baseline: 'node -e 0',
      // Single starts are short: more of them, so that the median pair is not one a busy moment skewed.
      runs: 61,
      contenders: [
        starting('node -e 0', ['-e', '0']),
        starting('node spawning true with pipes (the floor)', ['-e', SPAWN_TRUE]),
        starting('pipeguard -- true', [CLI, '--', 'true']),
        ...(BASELINE_CLI === undefined
          ? []
          : [starting('pipeguard -- true, the baseline build', [BASELINE_CLI, '--', 'true'])]),
      ],
      // Issue 22: pipeguard -- true within 1.4× of node -e 0.
      targets: [{ contender: 'pipeguard -- true', minRatio: 1 / 1.4 }],
    }),
  ],
});
