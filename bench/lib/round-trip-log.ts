import { readFileSync } from 'node:fs';
import { medianRoundTrip } from './round-trip';

/** Clock ticks per second of `/proc/PID/stat`'s CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time a process has used, user and system, in ms (not its children's). */
function cpuMsOf(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] as string).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** One measured run of a round-trip contender: per call, its median time and the CPU it used. */
interface RoundTripRun {
  ms: number;
  /** This process's CPU per call (the client, or run() itself). */
  cpuMs: number;
  /** The server's CPU per call, for a contender that calls one. */
  serverCpuMs: number | null;
}

const middle = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(half)] as number) + (sorted[Math.ceil(half)] as number)) / 2;
};

/**
 * What a round-trip group's contenders measured, run by run, for the figures the harness's ratio
 * column cannot show: a median time per call, its difference from the baseline's in the same round
 * (the two ran back to back), and the CPU each call used in this process and in the server. CPU time
 * is what a busy machine inflates least: wall time there also counts the waits for a core.
 */
export class RoundTripLog {
  readonly calls: number;
  readonly #runs = new Map<string, RoundTripRun[]>();

  constructor(calls: number) {
    this.calls = calls;
  }

  /** Runs `calls` calls of `once` in a row (to a server of pid `serverPid`, if any); resolves with the median ms. */
  async record(name: string, serverPid: number | null, once: () => Promise<unknown>): Promise<number> {
    const cpuBefore = process.cpuUsage();
    const serverBefore = serverPid === null ? 0 : cpuMsOf(serverPid);
    const ms = await medianRoundTrip(this.calls, once);
    const used = process.cpuUsage(cpuBefore);
    const serverCpuMs = serverPid === null ? null : (cpuMsOf(serverPid) - serverBefore) / this.calls;
    const run = { ms, cpuMs: (used.user + used.system) / 1000 / this.calls, serverCpuMs };
    this.#runs.set(name, [...(this.#runs.get(name) ?? []), run]);
    return ms;
  }

  /**
   * One line per contender over the measured rounds (the first run of each, the warm-up, left out),
   * or `null` when a contender ran only once (the RSS probe runs one alone).
   */
  summary(baseline: string, target: { contender: string; extraMs: number }): string | null {
    const base = (this.#runs.get(baseline) ?? []).slice(1);
    if (base.length === 0) return null;
    const lines = [...this.#runs].map(([name, runs]) => {
      const rounds = runs.slice(1);
      const extra = middle(rounds.map((run, round) => run.ms - (base[round] as RoundTripRun).ms));
      const versus =
        name === baseline
          ? ''
          : ` (${extra >= 0 ? '+' : ''}${extra.toFixed(1)}${name === target.contender ? `; target ≤ +${target.extraMs}` : ''})`;
      const server =
        rounds[0]?.serverCpuMs === null
          ? ''
          : ` + ${middle(rounds.map((run) => run.serverCpuMs as number)).toFixed(1)} in the server`;
      return `    ${name}: ${middle(rounds.map((run) => run.ms)).toFixed(1)} ms${versus}; CPU ${middle(rounds.map((run) => run.cpuMs)).toFixed(1)} ms here${server}`;
    });
    return `round trip, per call (median of ${this.calls} in a row; median over ${base.length} rounds; in brackets the difference from ${baseline} in the same round):\n${lines.join('\n')}`;
  }
}
