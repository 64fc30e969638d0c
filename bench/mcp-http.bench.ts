import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The SDK is the MCP server's dependency, not the bench's: its client is loaded from there.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { type RunResult, run } from '@pipeguard/pipeline';
import { MiB } from './lib/inputs';
import {
  connectHttp,
  type HttpServer,
  MCP_BIN,
  rssOf,
  startHttpServer,
  stopHttpServer,
} from './lib/mcp-http-server';
import { defineGroup, defineQuestion } from './lib/question';
import { RoundTripLog } from './lib/round-trip-log';

/** Sixteen clients, the server's default session cap. */
const CLIENTS = 16;

/** `seq 1 1000000` writes this many bytes. */
const SEQ_BYTES = 6_888_896;

const callRunCommand = (client: Client, args: Record<string, unknown>) =>
  client.callTool({ name: 'run_command', arguments: args }, undefined, { timeout: 600_000 });

interface Connected {
  stdio: Client;
  stdioPid: number;
  http: { server: HttpServer; client: Client };
  /** Where the run()-as-the-tool contender spills, as the server's spill directory. */
  spillRoot: string;
  /** Each run's figures, and the sequential calls per measured run. */
  log: RoundTripLog;
}

/** The round trip's target: HTTP within this many ms of run() (issue 28). */
const TARGET = { contender: 'run_command over HTTP', extraMs: 20 };

/**
 * `run('true')` with the options `run_command` gives it for `{ argv: ['true'] }`: the agent profile, its
 * 32 KiB budget and two-minute timeout, and a run directory of its own to spill into (made and removed
 * per call, as the server does). What a call costs in the server besides the MCP layer and transport.
 */
async function runAsTheTool(spillRoot: string): Promise<RunResult> {
  const spill = await mkdtemp(join(spillRoot, 'run-'));
  try {
    return await run('true', [], {
      profile: 'agent',
      maxBytes: 32 * 1024,
      command: 'true',
      cwd: process.cwd(),
      timeout: 120_000,
      spill,
      spillMaxBytes: 32 * MiB,
      signal: new AbortController().signal,
    });
  } finally {
    await rm(spill, { recursive: true, force: true });
  }
}

const perCall = (ms: unknown) => `median ${(ms as number).toFixed(1)} ms per call`;

interface Crowd {
  server: HttpServer;
  clients: Client[];
  args: string[];
  /** The server's peak RSS growth of each run, MiB, the warm-up first. */
  growths: number[];
}

export default defineQuestion({
  id: 'mcp-http',
  title:
    'MCP server over Streamable HTTP: the round trip of run_command (and over stdio) vs run() called directly; 16 clients at once',
  groups: [
    defineGroup<Connected>({
      name: 'round-trip of `true` (bytes column: calls; correctness: median ms per call in the warm-up; a run is 50 calls in a row)',
      setup: async ({ quick }) => {
        const stdio = new Client({ name: 'pipeguard-bench', version: '0.0.0' });
        const transport = new StdioClientTransport({
          command: process.execPath,
          args: [MCP_BIN],
          stderr: 'ignore',
        });
        await stdio.connect(transport);
        const stdioPid = transport.pid as number;
        const server = await startHttpServer(1);
        const http = { server, client: await connectHttp(server) };
        const spillRoot = await mkdtemp(join(tmpdir(), 'pipeguard-bench-spill-'));
        return { stdio, stdioPid, http, spillRoot, log: new RoundTripLog(quick ? 5 : 50) };
      },
      teardown: async (input) => {
        const summary = input.log.summary('run() directly', TARGET);
        if (summary !== null) process.stderr.write(`  ${summary}\n`);
        const { stdio, http, spillRoot } = input;
        await stdio.close();
        await stopHttpServer(http.server, [http.client]);
        await rm(spillRoot, { recursive: true, force: true });
      },
      bytes: (input) => input.log.calls,
      baseline: 'run() directly',
      runs: 7,
      contenders: [
        {
          name: 'run() directly',
          run: (input) => input.log.record('run() directly', null, () => run('true')),
          verify: perCall,
        },
        {
          name: 'run() as run_command calls it (agent profile, spill directory)',
          run: (input) =>
            input.log.record('run() as run_command calls it', null, () => runAsTheTool(input.spillRoot)),
          verify: perCall,
        },
        {
          name: 'run_command over stdio',
          run: (input) =>
            input.log.record('run_command over stdio', input.stdioPid, () =>
              callRunCommand(input.stdio, { argv: ['true'] }),
            ),
          verify: perCall,
        },
        {
          name: 'run_command over HTTP',
          run: (input) =>
            input.log.record('run_command over HTTP', input.http.server.child.pid as number, () =>
              callRunCommand(input.http.client, { argv: ['true'] }),
            ),
          verify: perCall,
        },
      ],
    }),
    defineGroup<Crowd>({
      name: '16 clients at once, each running `seq 1 1000000` (correctness: the server process RSS growth)',
      setup: async ({ quick }) => {
        const server = await startHttpServer(CLIENTS);
        const clients = await Promise.all(Array.from({ length: CLIENTS }, () => connectHttp(server)));
        return { server, clients, args: ['seq', '1', quick ? '10000' : '1000000'], growths: [] };
      },
      teardown: ({ server, clients, growths }) => {
        if (growths.length > 1) {
          const each = growths.map((growth) => growth.toFixed(1)).join(', ');
          process.stderr.write(
            `  16 clients: server peak RSS growth per run (warm-up first) ${each} MiB; max ${Math.max(...growths).toFixed(1)} (target < 200)\n`,
          );
        }
        return stopHttpServer(server, clients);
      },
      bytes: (input) => CLIENTS * (input.args[2] === '1000000' ? SEQ_BYTES : 48_894),
      baseline: '16 run() in this process',
      runs: 3,
      contenders: [
        {
          name: '16 run() in this process',
          run: ({ args }) =>
            Promise.all(
              Array.from({ length: CLIENTS }, () =>
                run(args[0] as string, args.slice(1), { maxBytes: 32 * 1024 }),
              ),
            ),
          verify: (output) =>
            (output as RunResult[]).every((result) => result.exitCode === 0) ? 'ok: 16 runs' : 'a run failed',
        },
        {
          name: '16 HTTP clients, run_command',
          run: async ({ server, clients, args, growths }) => {
            const pid = server.child.pid as number;
            const before = rssOf(pid);
            let peak = before;
            const sampler = setInterval(() => {
              peak = Math.max(peak, rssOf(pid));
            }, 10);
            const answers = await Promise.all(
              clients.map((client) => callRunCommand(client, { argv: args })),
            );
            clearInterval(sampler);
            const growthMiB = (Math.max(peak, rssOf(pid)) - before) / MiB;
            growths.push(growthMiB);
            return { answers, growthMiB };
          },
          verify: (output) => {
            const { answers, growthMiB } = output as {
              answers: { structuredContent?: { exit_code?: number } }[];
              growthMiB: number;
            };
            const ok = answers.every((answer) => answer.structuredContent?.exit_code === 0);
            return `${ok ? 'ok: 16 answers' : 'a call failed'}; server peak RSS growth ${growthMiB.toFixed(1)} MiB (target < 200)`;
          },
        },
      ],
    }),
  ],
});
