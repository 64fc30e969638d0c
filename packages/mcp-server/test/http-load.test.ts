import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttpClient, type HttpServerProcess, spawnHttpServer } from './helpers/http-server-process';
import { rssOf, type ServerUnderTest, startServer, toolCaller } from './helpers/server-process';

// A loopback load: 2 000 tool calls from 16 clients over HTTP, each answer compared with stdio's.

const CLIENTS = 16;
const CALLS_PER_CLIENT = 125;
/** Calls one client has in flight at once: the server's default --max-concurrent. */
const IN_FLIGHT = 4;
const MiB = 1024 * 1024;

interface CallSpec {
  name: string;
  args: Record<string, unknown>;
}

/** 100 distinct calls, one in ten running a command (one in five of those failing); the load repeats each 20 times. */
const SPECS: CallSpec[] = Array.from({ length: 100 }, (_, index) => {
  if (index % 20 === 0) {
    return {
      name: 'run_command',
      args: { command: `seq ${index} ${index + 3}; echo err >&2; exit ${index % 3}` },
    };
  }
  if (index % 10 === 0)
    return { name: 'run_command', args: { argv: ['printf', 'call %s\\n', String(index)] } };
  return index % 2 === 0
    ? { name: 'read_lines', args: { path: 'lines.txt', from_line: index + 1, max_lines: 3 } }
    : { name: 'read_bytes', args: { path: 'lines.txt', offset: index * 7, window_bytes: 64 } };
});

/** An answer without what differs from run to run (a duration). */
function comparable(result: { structuredContent?: Record<string, unknown>; isError?: boolean }): unknown {
  const { duration_ms: _, ...rest } = result.structuredContent ?? {};
  return { isError: result.isError ?? false, structured: rest };
}

let root = '';
let stdio: ServerUnderTest;
let http: HttpServerProcess;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'pipeguard-mcp-load-')));
  await writeFile(join(root, 'lines.txt'), Array.from({ length: 500 }, (_, n) => `line ${n + 1}\n`).join(''));
  stdio = await startServer(['--root', root]);
  // A bounded heap: V8 collects before it grows its pools, so RSS tracks what is live; a server that
  // kept something per call would run out of it and lose calls.
  http = await spawnHttpServer(['--root', root, '--max-sessions', String(CLIENTS)], {
    env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=96' },
  });
});

afterAll(async () => {
  await stdio?.close();
  await http?.stop();
  await rm(root, { recursive: true, force: true });
});

/** Runs `calls` spec indexes through `client`, at most {@link IN_FLIGHT} at once; answers by position. */
async function drive(client: Client, calls: readonly number[]): Promise<unknown[]> {
  const call = toolCaller(client);
  const answers: unknown[] = new Array(calls.length);
  let next = 0;
  const lane = async () => {
    while (next < calls.length) {
      const position = next++;
      const spec = SPECS[calls[position] as number] as CallSpec;
      answers[position] = comparable(await call(spec.name, spec.args, { timeout: 120_000 }));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  return answers;
}

describe('pipeguard-mcp --http under a loopback load', () => {
  it('should answer 2 000 calls from 16 clients, none lost, as stdio answers them, with memory flat', async () => {
    // Arrange: stdio's answer to each distinct call, and 16 HTTP clients (one session each, the cap).
    const expected: unknown[] = [];
    for (const spec of SPECS) expected.push(comparable(await stdio.call(spec.name, spec.args)));
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, () => connectHttpClient(http.url, http.token)),
    );
    const plan = clients.map((_, client) =>
      Array.from({ length: CALLS_PER_CLIENT }, (_, call) => (client * 7 + call) % SPECS.length),
    );
    const half = CALLS_PER_CLIENT / 5;
    // Act: a first fifth warms the server up; its RSS then is the baseline for the remaining 1 600 calls.
    const warm = await Promise.all(
      clients.map(({ client }, index) => drive(client, (plan[index] as number[]).slice(0, half))),
    );
    const baseline = rssOf(http.child.pid as number);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(http.child.pid as number));
    }, 50);
    const rest = await Promise.all(
      clients.map(({ client }, index) => drive(client, (plan[index] as number[]).slice(half))),
    ).finally(() => clearInterval(sampler));
    const settled = rssOf(http.child.pid as number);
    // Assert: every call answered, each as stdio answered the same call.
    let answered = 0;
    clients.forEach((_, index) => {
      const answers = [...(warm[index] as unknown[]), ...(rest[index] as unknown[])];
      answers.forEach((answer, position) => {
        expect(answer).toEqual(expected[(plan[index] as number[])[position] as number]);
        answered++;
      });
    });
    expect(answered).toBe(CLIENTS * CALLS_PER_CLIENT);
    // Flat: within a 96 MiB heap, RSS after the last 1 600 calls stays within 32 MiB of RSS after the
    // first 400 (malloc's arenas still settle); a leak of 20 KiB per call would pass it.
    expect(settled - baseline).toBeLessThan(32 * MiB);
    expect(peak - baseline).toBeLessThan(96 * MiB);
    console.info(
      `load: ${answered} calls; server RSS ${(baseline / MiB).toFixed(1)} MiB after 400 calls, peak ${(peak / MiB).toFixed(1)}, ${(settled / MiB).toFixed(1)} after 2 000`,
    );
    await Promise.all(
      clients.map(async ({ client, transport }) => {
        await transport.terminateSession();
        await client.close();
      }),
    );
  }, 240_000);
});
