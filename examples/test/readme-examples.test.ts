import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeTempDir } from '@pipeguard/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, requireBuilt } from '../../packages/pipeguard/test/helpers/cli';
import { connectMcp } from '../../packages/pipeguard/test/helpers/mcp';
import { consoleExamples, matchesShownOutput, programExamples, toolExamples } from './readme-console';

const root = fileURLToPath(new URL('../../', import.meta.url));
const readmes = [
  'README.md',
  ...readdirSync(join(root, 'packages')).map((name) => join('packages', name, 'README.md')),
].filter((path) => {
  try {
    readFileSync(join(root, path));
    return true;
  } catch {
    return false;
  }
});

/** A directory whose `pipeguard` runs the built CLI: `pnpm exec pipeguard` in a README runs it. */
async function binDirectory(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pipeguard-readme-bin-'));
  const shim = join(dir, 'pipeguard');
  writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
}

const programs = readmes.flatMap((path) =>
  programExamples(readFileSync(join(root, path), 'utf8')).map((example) => ({ path, ...example })),
);
const tools = readmes.flatMap((path) =>
  toolExamples(readFileSync(join(root, path), 'utf8')).map((example) => ({ path, ...example })),
);
const tsx = join(root, 'node_modules/.bin/tsx');

const examples = readmes.flatMap((path) =>
  consoleExamples(readFileSync(join(root, path), 'utf8')).map((example) => ({ path, ...example })),
);

describe('README console examples print what the READMEs show', () => {
  let bin = '';
  beforeAll(async () => {
    requireBuilt();
    bin = await binDirectory();
  });
  afterAll(() => rm(bin, { recursive: true, force: true }));

  it('should find the examples', () => {
    expect(examples.length).toBeGreaterThan(0);
  });

  it.each(
    examples.map((example) => [`${example.path}:${example.line}: $ ${example.command}`, example] as const),
  )(
    '%s',
    async (_title, example) => {
      const cwd = await makeTempDir('pipeguard-readme-');
      const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1' };
      const sh = (script: string) =>
        promisify(execFile)('sh', ['-c', `{ ${script}\n} 2>&1`], { cwd, env, maxBuffer: 1 << 26 }).then(
          (done) => done.stdout,
          (failed: { stdout?: string }) => failed.stdout ?? '',
        );
      for (const setup of example.setup) await sh(setup);
      const printed = await sh(example.command.replaceAll('pnpm exec ', ''));
      expect(matchesShownOutput(printed, example.output), `printed:\n${printed}`).toBe(true);
    },
    60_000,
  );
});

describe('README programs print what the READMEs show after them', () => {
  it.each(programs.map((example) => [`${example.path}:${example.line}`, example] as const))(
    '%s',
    async (_title, example) => {
      // Written inside the repository so that its imports resolve as a user's would after installing;
      // run in a directory of its own, where it may write its files.
      const dir = join(root, 'examples/.readme-tmp');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${example.path.replaceAll('/', '-')}-${example.line}.mts`);
      // A block that shows a call without its import (the section's earlier block has it) gets it here.
      const source = /^import /m.test(example.source)
        ? example.source
        : `import { capture, pipeline, run } from 'pipeguard';\n${example.source}`;
      writeFileSync(file, source);
      const cwd = await makeTempDir('pipeguard-readme-');
      const { stdout } = await promisify(execFile)(tsx, [file], { cwd, maxBuffer: 1 << 26 }).finally(() =>
        rm(file, { force: true }),
      );
      expect(matchesShownOutput(stdout, example.output), `printed:\n${stdout}`).toBe(true);
    },
    60_000,
  );
});

describe('README tool calls answer what the READMEs show', () => {
  it('should find the MCP example', () => {
    expect(tools.length).toBeGreaterThan(0);
  });

  it.each(tools.map((example) => [`${example.path}:${example.line}`, example] as const))(
    '%s',
    async (_title, example) => {
      const server = await connectMcp();
      try {
        const reply = await server.client.callTool({ name: 'run_command', arguments: example.args });
        const text = (reply.content as { text?: string }[]).map((part) => part.text ?? '').join('');
        expect(matchesShownOutput(text, example.output), `answered:\n${text}`).toBe(true);
      } finally {
        await server.close();
      }
    },
    60_000,
  );
});
