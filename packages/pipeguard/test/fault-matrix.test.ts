import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { AbortError, type Capture, capture, pipeline, run } from '@pipeguard/pipeline';
import { loadPtyModule } from '@pipeguard/pty';
import {
  collectBytes,
  endingSignals,
  eventually,
  isAlive,
  openDescriptors,
  writePtyBlocker,
} from '@pipeguard/test-utils';
import { PassThrough, Readable } from 'readable-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt } from './helpers/cli';
import {
  CellDir,
  type CliLaunch,
  type CliOutcome,
  matrixRoot,
  mountTmpfs,
  notExecutable,
  readOnlyDirectory,
  removeMatrixRoot,
  runCliCell,
} from './helpers/fault-env';
import { callRunCommand, connectMcp, type McpConnection } from './helpers/mcp';

// The fault matrix (issue 30): every mode of pipeguard against every fault, one cell each, named
// `mode × fault`. A cell asserts the outcome (a status, or a rejection and its cause), that no process
// of the command is left, that no descriptor is left open, that no file is left but the spill the
// result names, and that the output is every byte or an exact marker. Cells that do not apply say why;
// the table is printed at the end. CLI cells run concurrently; the library's run one at a time, so
// that this process's descriptors can be counted; the MCP server's count its own.

const CLI_MODES = {
  bounded: [],
  '--max-bytes none': ['--max-bytes', 'none'],
  '--live': ['--live-lines'],
  '--all': ['--all'],
  '--json': ['--json'],
  '--pty': ['--pty'],
} as const satisfies Record<string, readonly string[]>;
type CliMode = keyof typeof CLI_MODES;
const MODES = [
  ...(Object.keys(CLI_MODES) as CliMode[]),
  'filter on stdin',
  'run()',
  'capture()',
  'pipeline()',
  'MCP run_command',
] as const;
type Mode = (typeof MODES)[number];

const FAULTS = [
  'stdout reader leaves',
  'stderr reader leaves',
  'stdin closed',
  'stdin a pipe',
  'stdin a file',
  'input stream errors',
  'consumer throws',
  'spawn fails: ENOENT',
  'spawn fails: EACCES',
  'spawn fails: NUL in env',
  'spill directory missing',
  'spill directory full',
  'spill directory read-only',
  'timeout',
  'abort before',
  'abort during',
  'child killed by each signal',
  'setsid descendant holds the pipes',
  'node-pty missing',
] as const;
type Fault = (typeof FAULTS)[number];

/** What a cell checks; it resolves with its outcome in a few words, for the printed table. */
type Check = (dir: CellDir) => Promise<string>;
/** A cell that does not apply, and why. */
interface NotApplicable {
  na: string;
}
type Cell = Check | NotApplicable;

/** Every signal that ends a process by default, by the name child_process gives it. */
const ENDING_SIGNALS = endingSignals();

const SEQ_LINES = 100_000;
/** `seq 1 100000`: 588 895 bytes, more than a pipe and the spill's 64 KiB disk hold. */
const SEQ_BYTES = 588_895;
const seqText = (to: number) => Array.from({ length: to }, (_, index) => `${index + 1}\n`).join('');

let root = '';
const mounts: string[] = [];
let readOnly = '';
let notExecutablePath = '';
let ptyBlocker = '';
const outcomes = new Map<string, string>();

/** A tmpfs of 64 KiB for one cell, so that concurrent cells do not fill each other's. */
function fullDirectory(name: string): string {
  const dir = mountTmpfs(root, `full-${name}`, { sizeKiB: 64 });
  if (dir === null) throw new Error('mounting a tmpfs needs root: the full spill cells cannot run here');
  mounts.push(dir);
  return dir;
}

// ---------------------------------------------------------------------------------------------
// The CLI's cells
// ---------------------------------------------------------------------------------------------

/** Runs the CLI in `mode` on `script` (a shell script that names its group first). */
function cli(
  mode: CliMode,
  dir: CellDir,
  script: string,
  launch: Partial<CliLaunch> = {},
): Promise<CliOutcome> {
  const args = [...CLI_MODES[mode], ...(launch.args ?? []), '--', 'sh', '-c', dir.script(script)];
  return runCliCell({ ...launch, args });
}

/** The text a mode prints on stdout for a command whose stdout was `text` and stderr empty. */
function printedStdout(mode: CliMode, run: CliOutcome): string {
  if (mode !== '--json') return run.stdout;
  const document = JSON.parse(run.stdout) as { stdout: { text: string } };
  return document.stdout.text;
}

function cliRow(check: (mode: CliMode) => Cell): Record<CliMode, Cell> {
  return Object.fromEntries(Object.keys(CLI_MODES).map((mode) => [mode, check(mode as CliMode)])) as Record<
    CliMode,
    Cell
  >;
}

const NO_SPAWN = { na: 'no command is spawned: pipeline() reads a stream it is given' };
const NO_PROCESS = { na: 'pipeline() has no process: no timeout, signal or descendant' };
const CALLERS_CHILD = {
  na: "capture() takes a child the caller spawned: its stdin and its spawning are the caller's",
};
const NO_CALLER_CODE = { na: 'the CLI runs no code of the caller that could throw' };

const MATRIX: Record<Fault, Record<Mode, Cell>> = {
  'stdout reader leaves': {
    ...cliRow((mode) => async (dir) => {
      const run = await cli(mode, dir, `exec seq 1 ${SEQ_LINES}`, { leave: 'stdout' });
      expect(run.status).toBe(141);
      await dir.expectGroupEnded();
      return 'exit 141, group ended';
    }),
    'filter on stdin': async () => {
      const run = await runCliCell({
        args: ['--max-bytes', 'none'],
        stdin: { pipe: Buffer.from(seqText(SEQ_LINES)) },
        leave: 'stdout',
      });
      expect(run.status).toBe(141);
      return 'exit 141';
    },
    'run()': async (dir) => {
      const running = run('sh', ['-c', dir.script(`seq 1 ${SEQ_LINES}`)], {
        liveLines: true,
        maxBytes: null,
      });
      for await (const event of running.lines ?? []) if (event.type === 'line') break;
      const result = await running;
      expect(result.stdout.text).toBe(seqText(SEQ_LINES));
      return 'live consumer left: resolves, every byte';
    },
    'capture()': async (dir) => {
      const child = spawnDetached(dir, `seq 1 ${SEQ_LINES}`);
      const running = capture(child, { liveLines: true, maxBytes: null, processGroup: true });
      for await (const event of running.lines ?? []) if (event.type === 'line') break;
      expect((await running).stdout.text).toBe(seqText(SEQ_LINES));
      return 'live consumer left: resolves, every byte';
    },
    'pipeline()': async () => {
      const running = pipeline(Readable.from([Buffer.from(seqText(SEQ_LINES))]), {
        live: true,
        maxBytes: null,
      });
      for await (const event of running.lines ?? []) if (event.type === 'line') break;
      expect((await running).text).toBe(seqText(SEQ_LINES));
      return 'live consumer left: resolves, every byte';
    },
    'MCP run_command': async (dir) => {
      // The client goes away during a call: the server ends the command and exits.
      const server = await connectMcp();
      const call = callRunCommand(server.client, {
        command: dir.script('echo started; exec sleep 30'),
      }).catch(() => 'closed');
      expect(await eventually(() => statSafe(dir.pidFile) !== null, 5000)).toBe(true);
      await server.close();
      await call;
      await dir.expectGroupEnded();
      expect(await eventually(() => !isAlive(server.pid), 5000)).toBe(true);
      return 'client left: server ended the group and exited';
    },
  },
  'stderr reader leaves': {
    ...cliRow((mode) => {
      // Under a terminal, with --all and with --json nothing of the command goes to pipeguard's stderr.
      const writesStderr = mode === 'bounded' || mode === '--max-bytes none' || mode === '--live';
      return async (dir) => {
        const run = await cli(mode, dir, `seq 1 ${SEQ_LINES} >&2; echo done`, { leave: 'stderr' });
        await dir.expectGroupEnded();
        if (writesStderr) {
          expect(run.status).toBe(141);
          return 'exit 141, group ended';
        }
        expect(run.status).toBe(0);
        return 'exit 0: nothing written to stderr, nothing to lose';
      };
    }),
    'filter on stdin': { na: 'the filter writes nothing to stderr but its own notes' },
    'run()': { na: "run()'s live lines are one iterable of both streams: see stdout reader leaves" },
    'capture()': { na: "capture()'s live lines are one iterable of both streams: see stdout reader leaves" },
    'pipeline()': { na: 'pipeline() reads one stream' },
    'MCP run_command': { na: "the server's stderr is its log, read by the client's process" },
  },
  'stdin closed': {
    ...cliRow((mode) => async (dir) => {
      const run = await cli(mode, dir, 'cat; echo done', { stdin: { closed: true } });
      expect(run.status).toBe(0);
      expect(printedStdout(mode, run)).toBe('done\n');
      await dir.expectGroupEnded();
      return 'exit 0, every byte';
    }),
    'filter on stdin': async () => {
      const run = await runCliCell({ args: [], stdin: { closed: true } });
      expect(run).toMatchObject({ status: 0, stdout: '' });
      return 'exit 0, empty';
    },
    'run()': async (dir) => {
      const result = await run('sh', ['-c', dir.script('cat; echo done')]);
      expect(result.stdout.text).toBe('done\n');
      return 'no input: resolves, every byte';
    },
    'capture()': CALLERS_CHILD,
    'pipeline()': async () => {
      const source = new PassThrough();
      source.destroy();
      await expect(pipeline(source)).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
      return 'source closed before its end: rejects ERR_STREAM_PREMATURE_CLOSE';
    },
    'MCP run_command': async (dir) =>
      mcpCall(dir, { command: dir.script('cat; echo done') }, (reply) => {
        expect(stdoutOf(reply)).toBe('done\n');
        return 'no stdin: every byte';
      }),
  },
  'stdin a pipe': {
    ...cliRow((mode) => async (dir) => {
      const run = await cli(mode, dir, 'cat; echo done', { stdin: { pipe: Buffer.from('piped\n') } });
      expect(run.status).toBe(0);
      expect(printedStdout(mode, run)).toBe('piped\ndone\n');
      await dir.expectGroupEnded();
      return 'exit 0, every byte';
    }),
    'filter on stdin': async () => {
      const run = await runCliCell({ args: [], stdin: { pipe: Buffer.from('piped\n') } });
      expect(run).toMatchObject({ status: 0, stdout: 'piped\n' });
      return 'exit 0, every byte';
    },
    'run()': async (dir) => {
      const writer = spawn('printf', ['piped\\n'], { stdio: ['ignore', 'pipe', 'ignore'] });
      const result = await run('sh', ['-c', dir.script('cat; echo done')], { input: writer.stdout as never });
      expect(result.stdout.text).toBe('piped\ndone\n');
      return 'input a pipe: resolves, every byte';
    },
    'capture()': CALLERS_CHILD,
    'pipeline()': async () => {
      const writer = spawn('seq', ['1', String(SEQ_LINES)], { stdio: ['ignore', 'pipe', 'ignore'] });
      const captured = await pipeline(writer.stdout as never, { maxBytes: 1000 });
      expectExactMarker(captured, SEQ_BYTES, 1000);
      return 'source a pipe: exact marker';
    },
    'MCP run_command': { na: "a call's stdin is text (the stdin field), never a pipe" },
  },
  'stdin a file': {
    ...cliRow((mode) => async (dir) => {
      const file = join(dir.path, 'input.txt');
      writeFileSync(file, 'from a file\n');
      const run = await cli(mode, dir, 'cat; echo done', { stdin: { file } });
      expect(run.status).toBe(0);
      expect(printedStdout(mode, run)).toBe('from a file\ndone\n');
      await dir.expectGroupEnded();
      return 'exit 0, every byte';
    }),
    'filter on stdin': async (dir) => {
      const file = join(dir.path, 'input.txt');
      writeFileSync(file, 'from a file\n');
      const run = await runCliCell({ args: [], stdin: { file } });
      expect(run).toMatchObject({ status: 0, stdout: 'from a file\n' });
      return 'exit 0, every byte';
    },
    'run()': async (dir) => {
      const file = join(dir.path, 'input.txt');
      writeFileSync(file, 'from a file\n');
      const result = await run('sh', ['-c', dir.script('cat; echo done')], { input: createReadStream(file) });
      expect(result.stdout.text).toBe('from a file\ndone\n');
      return 'input a file stream: resolves, every byte';
    },
    'capture()': CALLERS_CHILD,
    'pipeline()': async (dir) => {
      const file = join(dir.path, 'input.txt');
      writeFileSync(file, seqText(SEQ_LINES));
      expectExactMarker(await pipeline(createReadStream(file), { maxBytes: 1000 }), SEQ_BYTES, 1000);
      return 'source a file: exact marker';
    },
    'MCP run_command': { na: "a call's stdin is text (the stdin field), never a file" },
  },
  'input stream errors': {
    ...cliRow((mode) => async (dir) => {
      // A socket as stdin, reset by its other end once the command runs: reading it fails, ECONNRESET.
      const run = await cli(mode, dir, 'cat; echo done', { stdin: { reset: () => existsSync(dir.pidFile) } });
      await dir.expectGroupEnded();
      // Every mode, --max-bytes none too, passes stdin on through run()'s input: its failure fails the run.
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('its input stream failed (read ECONNRESET)');
      return 'exit 1, ERR_RUN_INPUT noted, group ended';
    }),
    'filter on stdin': async () => {
      const run = await runCliCell({ args: [], stdin: { reset: () => true } });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('ECONNRESET');
      return 'exit 1, ECONNRESET noted';
    },
    'run()': async (dir) => {
      const input = new PassThrough();
      const running = run('sh', ['-c', dir.script('cat > /dev/null')], { input, spill: dir.spill });
      setImmediate(() => input.destroy(new Error('the disk went away')));
      await expect(running).rejects.toMatchObject({
        code: 'ERR_RUN_INPUT',
        cause: { message: 'the disk went away' },
      });
      return 'rejects RunError ERR_RUN_INPUT (cause: the input error)';
    },
    'capture()': async (dir) => {
      const child = spawnDetached(dir, 'echo started; exec sleep 30');
      const running = capture(child, { processGroup: true, spill: dir.spill });
      child.stdout?.once('data', () => child.stdout?.destroy(new Error('EIO on the pipe')));
      await expect(running).rejects.toThrow('EIO on the pipe');
      return "the child's stdout fails: rejects with its error";
    },
    'pipeline()': async (dir) => {
      const source = new PassThrough();
      const running = pipeline(source, { spill: dir.spill });
      source.write('some bytes\n');
      setImmediate(() => source.destroy(new Error('the source failed')));
      await expect(running).rejects.toThrow('the source failed');
      return 'rejects with the source error';
    },
    'MCP run_command': { na: "a call's stdin is text: nothing to fail" },
  },
  'consumer throws': {
    ...cliRow(() => NO_CALLER_CODE),
    'filter on stdin': NO_CALLER_CODE,
    'run()': async (dir) => {
      const running = run('sh', ['-c', dir.script('seq 1 100000; exec sleep 30')], { spill: dir.spill });
      running.stages?.stdout.counter.on('data', () => {
        throw new Error('the progress display broke');
      });
      await expect(running).rejects.toThrow('the progress display broke');
      return 'a listener on a stage throws: rejects with its error';
    },
    'capture()': async (dir) => {
      const child = spawnDetached(dir, 'seq 1 100000; exec sleep 30');
      const running = capture(child, { processGroup: true, spill: dir.spill });
      running.stages?.stdout.counter.on('data', () => {
        throw new Error('the progress display broke');
      });
      await expect(running).rejects.toThrow('the progress display broke');
      return 'a listener on a stage throws: rejects with its error';
    },
    'pipeline()': async (dir) => {
      const source = Readable.from([Buffer.from(seqText(1000))]);
      const running = pipeline(source, { spill: dir.spill });
      running.stages.counter.on('data', () => {
        throw new Error('the progress display broke');
      });
      await expect(running).rejects.toThrow('the progress display broke');
      return 'a listener on a stage throws: rejects with its error';
    },
    'MCP run_command': { na: 'the server runs no code of the client' },
  },
  'spawn fails: ENOENT': {
    ...cliRow((mode) => async () => {
      const run = await runCliCell({ args: [...CLI_MODES[mode], '--', 'pipeguard-no-such-command'] });
      expect(run.status).toBe(127);
      expect(run.stderr).toContain("cannot run 'pipeguard-no-such-command': command not found");
      return 'exit 127, noted';
    }),
    'filter on stdin': { na: 'the filter spawns nothing' },
    'run()': async (dir) => {
      await expect(run('pipeguard-no-such-command', [], { spill: dir.spill })).rejects.toMatchObject({
        code: 'ERR_RUN_SPAWN',
        reason: 'command not found',
        cause: { code: 'ENOENT' },
      });
      return 'rejects RunError ERR_RUN_SPAWN (cause ENOENT)';
    },
    'capture()': async (dir) => {
      const child = spawn('pipeguard-no-such-command', [], { stdio: ['ignore', 'pipe', 'pipe'] });
      await expect(capture(child, { spill: dir.spill })).rejects.toMatchObject({ code: 'ENOENT' });
      return "rejects with spawn's ENOENT";
    },
    'pipeline()': NO_SPAWN,
    'MCP run_command': async (dir) =>
      mcpCall(dir, { argv: ['pipeguard-no-such-command'] }, (reply) => {
        expect(reply.isError).toBe(true);
        expect(reply.text).toContain('command not found');
        return 'isError: command not found';
      }),
  },
  'spawn fails: EACCES': {
    ...cliRow((mode) => async () => {
      const run = await runCliCell({ args: [...CLI_MODES[mode], '--', notExecutablePath] });
      expect(run.status).toBe(126);
      expect(run.stderr).toContain('permission denied');
      return 'exit 126, noted';
    }),
    'filter on stdin': { na: 'the filter spawns nothing' },
    'run()': async (dir) => {
      await expect(run(notExecutablePath, [], { spill: dir.spill })).rejects.toMatchObject({
        code: 'ERR_RUN_SPAWN',
        cause: { code: 'EACCES' },
      });
      return 'rejects RunError ERR_RUN_SPAWN (cause EACCES)';
    },
    'capture()': async (dir) => {
      const child = spawn(notExecutablePath, [], { stdio: ['ignore', 'pipe', 'pipe'] });
      await expect(capture(child, { spill: dir.spill })).rejects.toMatchObject({ code: 'EACCES' });
      return "rejects with spawn's EACCES";
    },
    'pipeline()': NO_SPAWN,
    'MCP run_command': async (dir) =>
      mcpCall(dir, { argv: [notExecutablePath] }, (reply) => {
        expect(reply.isError).toBe(true);
        expect(reply.text).toContain('permission denied');
        return 'isError: permission denied';
      }),
  },
  'spawn fails: NUL in env': {
    ...cliRow(() => ({ na: "pipeguard's environment cannot hold a null byte (execve takes C strings)" })),
    'filter on stdin': { na: 'the filter spawns nothing' },
    'run()': async (dir) => {
      expect(() => run('true', [], { spill: dir.spill, env: { BAD: 'a\0b' } })).toThrow(
        'The "env.BAD" option must be a string without null bytes',
      );
      // run() checks its options before it opens or spawns anything, all in the call itself: the cell's
      // descriptor and process checks then find what a leaking run would have left.
      return 'throws TypeError before building anything';
    },
    'capture()': CALLERS_CHILD,
    'pipeline()': NO_SPAWN,
    'MCP run_command': { na: 'a call gives no environment' },
  },
  'spill directory missing': {
    ...cliRow((mode) => async (dir) => {
      const missing = join(dir.path, 'no-such-dir');
      const run = await cli(mode, dir, 'echo hi', { args: ['--spill', missing] });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`the "spill" option names "${missing}", which does not exist`);
      expect(statSafe(dir.pidFile)).toBeNull();
      return 'exit 1 before spawning, noted';
    }),
    'filter on stdin': async (dir) => {
      const run = await runCliCell({
        args: ['--spill', join(dir.path, 'no-such-dir')],
        stdin: { pipe: Buffer.from('x\n') },
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('ENOENT');
      return 'exit 1, ENOENT noted';
    },
    'run()': async (dir) => {
      await expect(
        run('sh', ['-c', dir.script('echo hi')], { spill: join(dir.path, 'nope') }),
      ).rejects.toMatchObject({
        code: 'ERR_RUN_SPILL',
      });
      expect(statSafe(dir.pidFile)).toBeNull();
      return 'rejects RunError ERR_RUN_SPILL before spawning';
    },
    'capture()': async (dir) => {
      const child = spawnDetached(dir, 'echo hi; exec sleep 30');
      await expect(
        capture(child, { processGroup: true, spill: join(dir.path, 'nope') }),
      ).rejects.toMatchObject({
        code: 'ENOENT',
      });
      return 'rejects ENOENT, the child ended';
    },
    'pipeline()': async (dir) => {
      await expect(
        pipeline(Readable.from([Buffer.from('x\n')]), { spill: join(dir.path, 'nope') }),
      ).rejects.toMatchObject({
        code: 'ENOENT',
      });
      return 'rejects ENOENT';
    },
    'MCP run_command': async (dir) => {
      await expect(connectMcp([], { TMPDIR: join(dir.path, 'nope') })).rejects.toThrow();
      return 'the server does not start (no spill directory)';
    },
  },
  'spill directory full': {
    ...cliRow((mode) => async (dir) => {
      const full = fullDirectory(`cli-${mode}`);
      const run = await cli(mode, dir, `seq 1 ${SEQ_LINES}`, {
        args: ['--max-bytes', '1000', '--spill', full],
      });
      expect(run.status).toBe(0);
      // stderr was empty: no file. With --all both streams share stdout's pipe (as 2>&1): one file too.
      const files = readdirSync(full).map((name) => join(full, name));
      const path = files.find((file) => file.includes('-stdout-')) as string;
      expect(files).toHaveLength(1);
      for (const other of files.filter((file) => file !== path))
        expect(run.stderr).toContain(`is in ${other}`);
      const spilled = statSync(path).size;
      expect(spilled).toBeLessThan(SEQ_BYTES);
      const label = 'stdout';
      const counted = mode === '--pty' ? 'rendered bytes' : 'bytes';
      const marker = `...[${label} truncated: ${SEQ_BYTES - 1000} of ${SEQ_BYTES} ${counted} omitted; limit is 1000 bytes; its first ${spilled} bytes are in ${path} (writing more failed: ENOSPC)`;
      expect(mode === '--json' ? JSON.parse(run.stdout).stdout.marker : run.stdout).toContain(marker);
      return 'exit 0, exact marker: spill stopped at ENOSPC';
    }),
    'filter on stdin': async () => {
      const full = fullDirectory('filter');
      const run = await runCliCell({
        args: ['--max-bytes', '1000', '--spill', full],
        stdin: { pipe: Buffer.from(seqText(SEQ_LINES)) },
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('(writing more failed: ENOSPC)');
      return 'exit 0, exact marker: spill stopped at ENOSPC';
    },
    'run()': async (dir) => {
      const full = fullDirectory('run');
      const result = await run('sh', ['-c', dir.script(`seq 1 ${SEQ_LINES}`)], {
        maxBytes: 1000,
        spill: full,
      });
      expectFullSpill(result.stdout, full);
      dir.expectOnlyFiles([result.stdout.spillPath, result.stderr.spillPath], full);
      return 'resolves, exact marker: spill stopped at ENOSPC';
    },
    'capture()': async (dir) => {
      const full = fullDirectory('capture');
      const child = spawnDetached(dir, `seq 1 ${SEQ_LINES}`);
      const result = await capture(child, { maxBytes: 1000, spill: full, processGroup: true });
      expectFullSpill(result.stdout, full);
      dir.expectOnlyFiles([result.stdout.spillPath, result.stderr.spillPath], full);
      return 'resolves, exact marker: spill stopped at ENOSPC';
    },
    'pipeline()': async (dir) => {
      const full = fullDirectory('pipeline');
      const captured = await pipeline(Readable.from([Buffer.from(seqText(SEQ_LINES))]), {
        maxBytes: 1000,
        spill: full,
      });
      expectFullSpill(captured, full);
      dir.expectOnlyFiles([captured.spillPath], full);
      return 'resolves, exact marker: spill stopped at ENOSPC';
    },
    'MCP run_command': async (dir) => {
      const full = fullDirectory('mcp');
      const server = await connectMcp([], { TMPDIR: full });
      try {
        const reply = await callRunCommand(server.client, {
          command: dir.script(`seq 1 ${SEQ_LINES}`),
          max_bytes: 1000,
        });
        expect(stdoutOf(reply)).toContain('(writing more failed: ENOSPC)');
      } finally {
        await server.close();
      }
      return 'marker: spill stopped at ENOSPC';
    },
  },
  'spill directory read-only': {
    ...cliRow((mode) => async (dir) => {
      const run = await cli(mode, dir, 'echo hi', { args: ['--spill', readOnly] });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`the "spill" option names "${readOnly}", which is not writable`);
      expect(statSafe(dir.pidFile)).toBeNull();
      return 'exit 1 before spawning, noted';
    }),
    'filter on stdin': async () => {
      const run = await runCliCell({ args: ['--spill', readOnly], stdin: { pipe: Buffer.from('x\n') } });
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/EROFS|EACCES/);
      return 'exit 1, EROFS noted';
    },
    'run()': async (dir) => {
      await expect(run('sh', ['-c', dir.script('echo hi')], { spill: readOnly })).rejects.toMatchObject({
        code: 'ERR_RUN_SPILL',
        reason: expect.stringContaining('is not writable'),
      });
      return 'rejects RunError ERR_RUN_SPILL before spawning';
    },
    'capture()': async (dir) => {
      const child = spawnDetached(dir, 'echo hi; exec sleep 30');
      await expect(capture(child, { processGroup: true, spill: readOnly })).rejects.toMatchObject({
        code: expect.stringMatching(/EROFS|EACCES/),
      });
      return 'rejects EROFS, the child ended';
    },
    'pipeline()': async () => {
      await expect(pipeline(Readable.from([Buffer.from('x\n')]), { spill: readOnly })).rejects.toMatchObject({
        code: expect.stringMatching(/EROFS|EACCES/),
      });
      return 'rejects EROFS';
    },
    'MCP run_command': async () => {
      await expect(connectMcp([], { TMPDIR: readOnly })).rejects.toThrow();
      return 'the server does not start (no spill directory)';
    },
  },
  timeout: {
    ...cliRow((mode) => async (dir) => {
      const run = await cli(mode, dir, 'echo started; exec sleep 30', { args: ['--timeout', '300ms'] });
      expect(run.status).toBe(124);
      expect(mode === '--json' ? JSON.parse(run.stdout).timedOut : run.stderr).toBeTruthy();
      if (mode !== '--json') expect(run.stderr).toContain('timed out');
      await dir.expectGroupEnded();
      return 'exit 124, group ended';
    }),
    'filter on stdin': { na: 'the filter has no timeout (--timeout applies to a command)' },
    'run()': async (dir) => {
      const result = await run('sh', ['-c', dir.script('echo started; exec sleep 30')], { timeout: 300 });
      expect(result).toMatchObject({ timedOut: true, signal: 'SIGTERM' });
      expect(result.stdout.text).toBe('started\n');
      return 'resolves timedOut, every byte';
    },
    'capture()': async (dir) => {
      const child = spawnDetached(dir, 'echo started; exec sleep 30');
      const result = await capture(child, { timeout: 300, processGroup: true });
      expect(result).toMatchObject({ timedOut: true });
      expect(result.stdout.text).toBe('started\n');
      return 'resolves timedOut, every byte';
    },
    'pipeline()': NO_PROCESS,
    'MCP run_command': async (dir) =>
      mcpCall(dir, { command: dir.script('echo started; exec sleep 30'), timeout: 300 }, (reply) => {
        expect(reply.result?.['timed_out']).toBe(true);
        expect(stdoutOf(reply)).toBe('started\n');
        return 'timed_out, every byte';
      }),
  },
  'abort before': {
    ...cliRow(() => ({
      na: 'a signal before the spawn ends pipeguard itself: there is no command to stop yet',
    })),
    'filter on stdin': { na: 'the filter has no command to stop' },
    'run()': async (dir) => {
      const running = run('sh', ['-c', dir.script('echo hi')], {
        signal: AbortSignal.abort(),
        spill: dir.spill,
      });
      const error = (await running.catch((caught: unknown) => caught)) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      expect(error.result).toBeUndefined();
      expect(statSafe(dir.pidFile)).toBeNull();
      return 'rejects AbortError, nothing spawned';
    },
    'capture()': async (dir) => {
      const child = spawnDetached(dir, 'echo hi; exec sleep 30');
      const error = (await capture(child, { signal: AbortSignal.abort(), processGroup: true }).catch(
        (caught: unknown) => caught,
      )) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      expect(error.result?.cancelled).toBe(true);
      return 'rejects AbortError with the result, child ended';
    },
    'pipeline()': NO_PROCESS,
    'MCP run_command': async (dir) => {
      // One slot: the second call waits in the queue and is cancelled there, before its command starts.
      const server = await connectMcp(['--max-concurrent', '1']);
      const queued = new CellDir(dir.path, 'queued');
      try {
        const first = callRunCommand(server.client, { command: dir.script('sleep 1') });
        expect(await eventually(() => existsSync(dir.pidFile), 5000)).toBe(true);
        const controller = new AbortController();
        const second = callRunCommand(
          server.client,
          { command: queued.script('echo ran') },
          { signal: controller.signal },
        );
        controller.abort();
        await expect(second).rejects.toThrow();
        // The first call ends and frees its slot: a cancelled call that still held its place in the queue
        // would run before a call made after it has run.
        expect((await first).isError).toBe(false);
        expect((await callRunCommand(server.client, { command: 'echo after' })).isError).toBe(false);
        expect(existsSync(queued.pidFile)).toBe(false);
        await dir.expectGroupEnded();
      } finally {
        await server.close();
      }
      return 'cancelled while queued: its command never started';
    },
  },
  'abort during': {
    ...cliRow((mode) => async (dir) => {
      const started = () => existsSync(dir.pidFile);
      const run = await cli(mode, dir, 'echo started; exec sleep 30', { signal: 'SIGTERM', when: started });
      expect(run.status).toBe(143);
      await dir.expectGroupEnded();
      return 'SIGTERM: exit 143, group ended';
    }),
    'filter on stdin': async () => {
      const input = new PassThrough();
      input.write('arrived\n');
      const run = await runCliCell({
        args: ['--max-bytes', 'none'],
        stdin: { pipe: () => input },
        signal: 'SIGTERM',
      });
      input.end();
      expect(run.status).toBe(143);
      expect(run.stdout).toBe('arrived\n');
      return 'SIGTERM: exit 143, what arrived printed';
    },
    'run()': async (dir) => {
      const controller = new AbortController();
      const running = run('sh', ['-c', dir.script('echo started; exec sleep 30')], {
        signal: controller.signal,
        liveLines: true,
      });
      for await (const event of running.lines ?? []) if (event.type === 'line') break;
      controller.abort(new Error('stop'));
      const error = (await running.catch((caught: unknown) => caught)) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      expect(error.result?.stdout.text).toBe('started\n');
      return 'rejects AbortError with every byte so far';
    },
    'capture()': async (dir) => {
      const controller = new AbortController();
      const child = spawnDetached(dir, 'echo started; exec sleep 30');
      const running = capture(child, { signal: controller.signal, processGroup: true });
      child.stdout?.once('data', () => controller.abort());
      const error = (await running.catch((caught: unknown) => caught)) as AbortError;
      expect(error).toBeInstanceOf(AbortError);
      expect(error.result?.cancelled).toBe(true);
      return 'rejects AbortError with the result';
    },
    'pipeline()': NO_PROCESS,
    'MCP run_command': async (dir) => {
      const controller = new AbortController();
      const server = await sharedMcp();
      const call = callRunCommand(
        server.client,
        { command: dir.script('echo started; exec sleep 30') },
        { signal: controller.signal },
      );
      expect(await eventually(() => statSafe(dir.pidFile) !== null, 5000)).toBe(true);
      controller.abort();
      await expect(call).rejects.toThrow();
      await dir.expectGroupEnded();
      return 'cancelled: the group ended';
    },
  },
  'child killed by each signal': {
    ...cliRow((mode) => async (dir) => {
      // A status is made from a signal by one function whatever the mode: every signal goes through it
      // in bounded mode; each other mode (its own way to the signal: streaming, live, a terminal) takes three.
      const signals = mode === 'bounded' ? ENDING_SIGNALS : (['SIGHUP', 'SIGSEGV', 'SIGKILL'] as const);
      const statuses = await Promise.all(
        signals.map(async (signal) => {
          const sub = new CellDir(dir.path, signal);
          const run = await cli(mode, sub, `kill -${constants.signals[signal]} $$`);
          await sub.expectGroupEnded();
          return [signal, run.status];
        }),
      );
      expect(statuses).toEqual(signals.map((signal) => [signal, 128 + constants.signals[signal]]));
      return `exit 128+N for each of ${signals.length} signals`;
    }),
    'filter on stdin': { na: 'the filter runs no command' },
    'run()': async (dir) => {
      const signals = await Promise.all(
        ENDING_SIGNALS.map(
          async (signal) => (await run('sh', ['-c', `kill -${constants.signals[signal]} $$`])).signal,
        ),
      );
      expect(signals).toEqual(ENDING_SIGNALS);
      await dir.expectGroupEnded();
      return `signal named, each of ${ENDING_SIGNALS.length}`;
    },
    'capture()': async () => {
      const signals = await Promise.all(
        ENDING_SIGNALS.map(async (signal) => {
          const child = spawn('sh', ['-c', `kill -${constants.signals[signal]} $$`], {
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          return (await capture(child)).signal;
        }),
      );
      expect(signals).toEqual(ENDING_SIGNALS);
      return `signal named, each of ${ENDING_SIGNALS.length}`;
    },
    'pipeline()': NO_PROCESS,
    'MCP run_command': async (dir) => {
      const server = await sharedMcp();
      const signals: unknown[] = [];
      for (const signal of ENDING_SIGNALS) {
        const reply = await callRunCommand(server.client, {
          argv: ['sh', '-c', `kill -${constants.signals[signal]} $$`],
        });
        signals.push(reply.result?.['signal']);
      }
      expect(signals).toEqual(ENDING_SIGNALS);
      await dir.expectGroupEnded();
      return `signal named, each of ${ENDING_SIGNALS.length}`;
    },
  },
  'setsid descendant holds the pipes': {
    ...cliRow((mode) => async (dir) => {
      const run = await cli(mode, dir, escapee(dir));
      expect(run.status).toBe(0);
      await dir.expectDead(escapeePid(dir));
      await dir.expectGroupEnded();
      // A terminal is closed 200 ms after its command's exit (node-pty): its escapee gets EIO.
      if (mode === '--pty') return 'exit 0, terminal closed; the escapee died at its next write';
      if (mode !== '--json') expect(run.stderr).toContain('kept its output open after it exited');
      return 'exit 0, pipes closed; the escapee died at its next write';
    }),
    'filter on stdin': { na: 'the filter runs no command' },
    'run()': async (dir) => {
      const result = await run('sh', ['-c', dir.script(escapee(dir))], { pipeGrace: 100 });
      expect(result).toMatchObject({ exitCode: 0, pipesHeldAfterExit: true });
      await dir.expectDead(escapeePid(dir));
      return 'resolves pipesHeldAfterExit; the escapee died at its next write';
    },
    'capture()': async (dir) => {
      const child = spawnDetached(dir, escapee(dir));
      const result = await capture(child, { pipeGrace: 100, processGroup: true });
      expect(result).toMatchObject({ exitCode: 0, pipesHeldAfterExit: true });
      await dir.expectDead(escapeePid(dir));
      return 'resolves pipesHeldAfterExit; the escapee died at its next write';
    },
    'pipeline()': NO_PROCESS,
    'MCP run_command': async (dir) =>
      mcpCall(dir, { command: dir.script(escapee(dir)) }, async (reply) => {
        expect(reply.result?.['pipes_held_after_exit']).toBe(true);
        await dir.expectDead(escapeePid(dir));
        return 'pipes_held_after_exit; the escapee died at its next write';
      }),
  },
  'node-pty missing': {
    ...cliRow((mode) => {
      if (mode !== '--pty') return { na: 'no terminal asked for' };
      return async (dir) => {
        const run = await cli(mode, dir, 'echo hi', { preload: [ptyBlocker] });
        expect(run.status).toBe(1);
        expect(run.stderr).toContain('npm install @lydell/node-pty@');
        expect(statSafe(dir.pidFile)).toBeNull();
        const auto = await runCliCell({
          args: ['--pty=auto', '--', 'sh', '-c', dir.script('echo hi')],
          preload: [ptyBlocker],
        });
        expect(auto).toMatchObject({ status: 0, stdout: 'hi\n' });
        expect(auto.stderr).toContain('ran on pipes, not a pseudo-terminal');
        return 'exit 1 noted; --pty=auto: pipes, exit 0';
      };
    }),
    'filter on stdin': { na: 'no terminal asked for' },
    'run()': async (dir) => {
      const outcome = await inChildWithoutPty(dir, [
        `const on = await run('sh', ['-c', ${JSON.stringify(dir.script('echo hi'))}], { pty: true, spill: ${JSON.stringify(dir.spill)} }).then(() => 'resolved', (error) => error.name);`,
        "const auto = await run('echo', ['hi'], { pty: 'auto' });",
        'console.log(JSON.stringify({ on, auto: [auto.pty, auto.stdout.text] }));',
      ]);
      expect(outcome).toEqual({ on: 'PtyUnavailableError', auto: [false, 'hi\n'] });
      expect(statSafe(dir.pidFile)).toBeNull();
      return "rejects PtyUnavailableError, nothing spawned; 'auto': pipes";
    },
    'capture()': CALLERS_CHILD,
    'pipeline()': NO_SPAWN,
    'MCP run_command': async (dir) => {
      const server = await connectMcp([], {}, [ptyBlocker]);
      try {
        const before = descriptorsOf(server.pid);
        for (let call = 0; call < 5; call++) {
          const reply = await callRunCommand(server.client, { command: dir.script('echo hi'), pty: true });
          expect(reply.isError).toBe(true);
          expect(reply.text).toContain('@lydell/node-pty');
        }
        expect(await eventually(() => descriptorsOf(server.pid) <= before, 2000), 'server descriptors').toBe(
          true,
        );
      } finally {
        await server.close();
      }
      return 'isError naming the package; no descriptor left (5 calls)';
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Helpers of the cells
// ---------------------------------------------------------------------------------------------

/** A child spawned by the caller, as capture() takes one: detached, its group named in the pid file. */
function spawnDetached(dir: CellDir, script: string) {
  return spawn('sh', ['-c', dir.script(script)], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A script that leaves a setsid descendant holding its pipes, which writes every 100 ms until it cannot. */
function escapee(dir: CellDir): string {
  const file = join(dir.path, 'escapee');
  return `setsid sh -c 'echo $$ > ${file}; while echo tick; do sleep 0.1; done' & sleep 0.2; echo parent done`;
}

function escapeePid(dir: CellDir): number {
  return Number(readFileSync(join(dir.path, 'escapee'), 'utf8'));
}

function statSafe(path: string) {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function descriptorsOf(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** A capture of `seq 1 100000` cut at 1000 bytes: its marker says exactly so. */
function expectExactMarker(captured: Capture, total: number, limit: number): void {
  expect(captured.marker).toBe(
    `...[stdout truncated: ${total - limit} of ${total} bytes omitted; limit is ${limit} bytes]`,
  );
  expect(captured.text.startsWith(seqText(SEQ_LINES).slice(0, 900))).toBe(true);
}

/** A capture whose spill hit a full disk: its marker names the file, what it holds and why it stopped. */
function expectFullSpill(captured: Capture, full: string): void {
  const path = captured.spillPath as string;
  expect(path.startsWith(full)).toBe(true);
  const spilled = statSync(path).size;
  expect(captured.spilledBytes).toBe(spilled);
  expect(spilled).toBeLessThan(SEQ_BYTES);
  expect(captured.marker).toBe(
    `...[stdout truncated: ${SEQ_BYTES - 1000} of ${SEQ_BYTES} bytes omitted; limit is 1000 bytes; its first ${spilled} bytes are in ${path} (writing more failed: ENOSPC); omitted bytes start at byte offset 1000]`,
  );
}

/** Runs a script in a child process in which @lydell/node-pty cannot load; resolves with what it printed. */
async function inChildWithoutPty(dir: CellDir, lines: readonly string[]): Promise<unknown> {
  const script = join(dir.path, 'script.mts');
  const entry = JSON.stringify(join(__dirname, '../../pipeline/src/index.ts'));
  writeFileSync(script, [`import { run } from ${entry};`, ...lines].join('\n'));
  const tsx = join(__dirname, '../../../node_modules/.bin/tsx');
  const child = spawn(tsx, ['--require', ptyBlocker, script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return JSON.parse((await collectBytes(child.stdout)).toString());
}

let shared: Promise<McpConnection> | null = null;
/** One server for the MCP cells that need nothing special of it, started when the first one runs. */
function sharedMcp(): Promise<McpConnection> {
  shared ??= connectMcp();
  return shared;
}

type McpReply = Awaited<ReturnType<typeof callRunCommand>>;

const stdoutOf = (reply: McpReply) => (reply.result?.['stdout'] as { text: string } | undefined)?.text;

/** One call on the shared server; asserts that it leaves the server no more descriptors than before. */
async function mcpCall(
  dir: CellDir,
  args: Record<string, unknown>,
  check: (reply: McpReply) => string | Promise<string>,
) {
  const server = await sharedMcp();
  const before = descriptorsOf(server.pid);
  const reply = await callRunCommand(server.client, args);
  const outcome = await check(reply);
  await dir.expectGroupEnded();
  expect(await eventually(() => descriptorsOf(server.pid) <= before, 2000), 'server descriptors').toBe(true);
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// The table, run
// ---------------------------------------------------------------------------------------------

const isLibrary = (mode: Mode) => mode === 'run()' || mode === 'capture()' || mode === 'pipeline()';
const cellsOf = (select: (mode: Mode) => boolean) =>
  FAULTS.flatMap((fault) =>
    MODES.filter(select).map((mode) => [`${mode} × ${fault}`, mode, fault, MATRIX[fault][mode]] as const),
  );

describe('the fault matrix', () => {
  beforeAll(() => {
    requireBuilt();
    if (process.env['CI'] === 'true') loadPtyModule();
    root = matrixRoot();
    readOnly = readOnlyDirectory(root);
    mounts.push(readOnly);
    notExecutablePath = notExecutable(root);
    ptyBlocker = writePtyBlocker(root);
  });
  afterAll(async () => {
    await (await shared)?.close();
    removeMatrixRoot(root, mounts);
    printMatrix();
  });

  describe.concurrent('the CLI and the MCP server', () => {
    for (const [name, mode, , cell] of cellsOf((mode) => !isLibrary(mode))) {
      if (typeof cell !== 'function') {
        outcomes.set(name, `n/a: ${cell.na}`);
        continue;
      }
      // MCP cells share one server and count its descriptors: one at a time among themselves.
      it(name, async () => {
        const dir = new CellDir(root, name);
        const outcome = mode === 'MCP run_command' ? await mcpQueue(() => cell(dir)) : await cell(dir);
        dir.expectOnlyFiles([]);
        outcomes.set(name, outcome);
      });
    }
  });

  describe.sequential('the library (one at a time: this process counts its descriptors)', () => {
    for (const [name, , , cell] of cellsOf(isLibrary)) {
      if (typeof cell !== 'function') {
        outcomes.set(name, `n/a: ${cell.na}`);
        continue;
      }
      it(name, async () => {
        const dir = new CellDir(root, name);
        const before = openDescriptors().length;
        const unexpected: unknown[] = [];
        const record = (error: unknown) => unexpected.push(error);
        process.on('uncaughtException', record);
        process.on('unhandledRejection', record);
        try {
          outcomes.set(name, await cell(dir));
          await dir.expectGroupEnded();
          dir.expectOnlyFiles([]);
          expect(await eventually(() => openDescriptors().length <= before, 2000), 'descriptors').toBe(true);
          expect(unexpected).toEqual([]);
        } finally {
          process.off('uncaughtException', record);
          process.off('unhandledRejection', record);
        }
      });
    }
  });
});

let mcpTail: Promise<unknown> = Promise.resolve();
/** Runs MCP cells one after another. */
function mcpQueue<T>(task: () => Promise<T>): Promise<T> {
  const next = mcpTail.then(task, task);
  mcpTail = next.catch(() => undefined);
  return next;
}

/** Prints the matrix: one line per cell, `mode × fault: outcome`, n/a with its reason. */
function printMatrix(): void {
  const lines = FAULTS.flatMap((fault) =>
    MODES.map((mode) => {
      const name = `${mode} × ${fault}`;
      return `${name}: ${outcomes.get(name) ?? 'FAILED (or not run: filtered out)'}`;
    }),
  );
  console.log(`fault matrix (${lines.length} cells)\n${lines.join('\n')}`);
}
