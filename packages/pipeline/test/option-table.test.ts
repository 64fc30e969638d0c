import { readFileSync } from 'node:fs';
import { DEFAULT_MAX_LINE_BYTES, DEFAULT_MAX_LINES, DEFAULT_WINDOW_BYTES } from '@pipeguard/file-window';
import { describe, expect, it } from 'vitest';
import {
  OPTION_TABLE,
  type OptionRow,
  optionKeysOf,
  optionRow,
  readOptionValue,
  resolvePresetOptions,
} from '../src/core';
import { run } from '../src/index';

const kebab = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

describe('OPTION_TABLE', () => {
  it.each(OPTION_TABLE.filter((row) => row.cli !== null))(
    'should name $key on the CLI with the kebab-case of its key',
    (row) => {
      const flag = row.cli?.flag as string;
      expect(flag === kebab(row.key) || flag === `no-${kebab(row.key)}`).toBe(true);
    },
  );

  it.each(OPTION_TABLE.filter((row) => row.mcp !== null))(
    'should name $key on the MCP server with the snake_case of its key',
    (row) => {
      expect(row.mcp?.field).toBe(snake(row.key));
    },
  );

  it('should give each key one row per function that takes it', () => {
    for (const api of [
      'core',
      'captureStream',
      'pipeline',
      'capture',
      'run',
      'readBytes',
      'readLines',
    ] as const) {
      const keys = optionKeysOf(api);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  it("should state the file windows' defaults as @pipeguard/file-window has them", () => {
    expect(optionRow('readBytes', 'windowBytes')?.defaultValue).toBe(DEFAULT_WINDOW_BYTES);
    expect(optionRow('readLines', 'maxLines')?.defaultValue).toBe(DEFAULT_MAX_LINES);
    expect(optionRow('readLines', 'maxLineBytes')?.defaultValue).toBe(DEFAULT_MAX_LINE_BYTES);
  });

  it('should resolve every default of the preset from its row', () => {
    const resolved = resolvePresetOptions(undefined, optionKeysOf('core')) as unknown as Record<
      string,
      unknown
    >;
    for (const key of optionKeysOf('core')) {
      if (key === 'profile') continue;
      const at = key in resolved ? resolved[key] : (resolved.matching as Record<string, unknown>)[key];
      // `redact`'s default `false` resolves to no redactor options at all.
      const expected = key === 'redact' ? null : optionRow('core', key)?.defaultValue;
      expect([key, at]).toEqual([key, expected]);
    }
  });

  it.each([
    ['maxBytes', '64KiB', 65_536],
    ['maxBytes', 'none', null],
    ['guardWindowBytes', '2KiB', 2048],
    ['timeout', '30s', 30_000],
    ['timeout', '1500ms', 1500],
    ['timeout', 1500, 1500],
    ['killGrace', '2s', 2000],
  ])('should read %s given as %j as %j', (key, given, value) => {
    const row = OPTION_TABLE.find((entry) => entry.key === key);
    expect(row && readOptionValue(row, given)).toBe(value);
  });

  it.each([
    [
      'maxBytes',
      '64 parsecs',
      `The "maxBytes" option must be a byte size such as 65536, '64KiB' or '1MiB' or 'none'. Received '64 parsecs'`,
    ],
    [
      'guardWindowBytes',
      'none',
      `The "guardWindowBytes" option must be a byte size such as 65536, '64KiB' or '1MiB'. Received 'none'`,
    ],
    [
      'timeout',
      'soon',
      `The "timeout" option must be a duration such as 1500, '1500ms', '30s' or '2m' or 'none'. Received 'soon'`,
    ],
  ])('should throw a RangeError naming %s when given %j', (key, given, message) => {
    const row = OPTION_TABLE.find((entry) => entry.key === key);
    expect(() => row && readOptionValue(row, given)).toThrow(new RangeError(message));
  });

  it('should take sizes and durations with units in run()', async () => {
    const result = await run('seq', ['1', '1000'], { maxBytes: '1KiB', timeout: '30s' });
    expect(result.stdout.keptBytes).toBe(1024);
  });

  it("should list every option of run() in the package README's table", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const firstCells = readme
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] as string);
    const documented = new Set(
      firstCells.flatMap((cell) => [...cell.matchAll(/`(\w+)`/g)].map((match) => match[1])),
    );
    const hidden = new Set(['label', 'command', 'live', 'processGroup']);
    for (const key of optionKeysOf('run'))
      if (!hidden.has(key)) expect([key, documented.has(key)]).toEqual([key, true]);
  });

  it("should give each option of run() the README table's kind and default as its row has them", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const cells = readme
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()));
    const shown = (value: unknown): string =>
      typeof value === 'string' ? `\`'${value}'\`` : `\`${String(value)}\``;
    const mismatches: string[] = [];
    for (const key of optionKeysOf('run')) {
      const row = optionRow('run', key) as OptionRow;
      const line = cells.find((cell) => new RegExp(`\`${key}\``).test(cell[1] as string));
      if (line === undefined) continue;
      const [, , kind = '', defaultCell = ''] = line;
      if ((row.kind === 'size' || row.kind === 'duration') && !kind.includes(row.kind))
        mismatches.push(`${key}: a ${row.kind}, the README says ${kind}`);
      if (row.defaultValue !== undefined && !defaultCell.includes(shown(row.defaultValue)))
        mismatches.push(`${key}: default ${shown(row.defaultValue)}, the README says ${defaultCell}`);
    }
    expect(mismatches).toEqual([]);
  });

  it.each(
    optionKeysOf('run')
      .map((key) => optionRow('run', key) as OptionRow)
      .filter((row) => row.kind === 'size' || row.kind === 'duration'),
  )('should take $key with a unit in run()', async (row) => {
    const text = row.kind === 'size' ? '4KiB' : '3s';
    const result = await run('true', [], { [row.key]: text });
    expect(result.exitCode).toBe(0);
  });
});
