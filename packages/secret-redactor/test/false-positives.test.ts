import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chunksOf } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { redactChunks } from './redact';
import { nearMisses } from './secret-samples';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = (command: string, args: string[]) =>
  execFileSync(command, args, { cwd: root, maxBuffer: 1 << 30 });

/** Where a redaction was made, with 60 bytes around it, to say what was taken for a secret. */
function redactedPlaces(output: Buffer): string[] {
  const text = output.toString('latin1');
  const places: string[] = [];
  for (let at = text.indexOf('[REDACTED:'); at !== -1; at = text.indexOf('[REDACTED:', at + 1))
    places.push(text.slice(Math.max(0, at - 60), at + 40));
  return places;
}

// Real output no one here wrote for this stage: none of it holds a secret, so nothing may be redacted.
describe('SecretRedactor on real output without secrets', () => {
  it.each<[string, () => Buffer]>([
    // The history of packages whose diffs hold no credential fixtures (a test's fake token is a secret).
    [
      'git log -p of this repository',
      () =>
        run('git', [
          'log',
          '-p',
          '--',
          'packages/line-splitter',
          'packages/repeat-folder',
          'packages/fallback-decoder',
          'packages/terminal-renderer',
        ]),
    ],
    ['pnpm-lock.yaml (integrity hashes)', () => readFileSync(`${root}pnpm-lock.yaml`)],
    [
      'minified JavaScript from node_modules',
      () =>
        Buffer.concat(
          run('sh', ['-c', 'find node_modules/.pnpm -name "*.min.js" -size +20k | sort | head -40'])
            .toString()
            .trim()
            .split('\n')
            .map((file) => readFileSync(`${root}${file}`)),
        ),
    ],
    ['ls -l /usr/bin', () => run('ls', ['-l', '/usr/bin'])],
    ['git log --format=%H (commit SHAs)', () => run('git', ['log', '--format=%H %h %T'])],
  ])('should redact nothing in %s', (_name, read) => {
    const bytes = read();
    expect(bytes.length).toBeGreaterThan(1000);
    const { output, stats } = redactChunks(chunksOf(bytes, 65_536));
    expect(redactedPlaces(output)).toEqual([]);
    expect(stats.redactions).toBe(0);
    expect(output.equals(bytes)).toBe(true);
  });
});

describe('SecretRedactor on adversarial input', () => {
  // A detector with quadratic backtracking would take hours here: the test's timeout bounds it.
  it('should get through 2 MB of near-misses on one huge line, redacting nothing that is not a secret', () => {
    const bytes = nearMisses(2_000_000);
    const whole = redactChunks([bytes]);
    const chunked = redactChunks(chunksOf(bytes, 65_536), { maxHoldBytes: 256 });
    expect(chunked.output.toString('hex')).toBe(whole.output.toString('hex'));
    expect(whole.stats.inputBytes).toBe(bytes.length);
    expect(whole.stats.redactions).toBe(0);
  });
});
