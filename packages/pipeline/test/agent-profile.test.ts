import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { feed, makeTempDir } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';
import { AGENT_PROFILE, capture, pipeline, run } from '../src/index';

const BAD_C = `#include <stdio.h>
int main(void) {
  int unused;
  printf("%d\\n", y)
  return undefined_thing;
}
`;

/** A build as agents meet it: progress and warnings, a redrawn progress bar, a failing gcc, more progress, a summary. */
const BUILD_SCRIPT = `
i=0
while [ $i -lt 3000 ]; do
  i=$((i+1)); echo "[$i/9000] CC src/module_$i.o"
  if [ $((i % 100)) -eq 0 ]; then echo "src/module_$i.c:12:5: warning: unused variable 'tmp' [-Wunused-variable]"; fi
done
p=0
while [ $p -le 100 ]; do printf '\\rLinking [%-50s] %d%%' "$(printf '%*s' $((p / 2)) '' | tr ' ' '#')" "$p"; p=$((p+1)); done
echo
gcc -c bad.c -o /dev/null 2>&1
i=3000
while [ $i -lt 6000 ]; do i=$((i+1)); echo "[$i/9000] CC src/module_$i.o"; done
echo "make: *** [Makefile:12: all] Error 1"
exit 2
`;

describe('profile agent', () => {
  it('should be the settings it documents, frozen', () => {
    expect(AGENT_PROFILE).toEqual({
      render: 'terminal',
      foldRepeats: true,
      redact: true,
      keepMatches: true,
      keep: 'both',
      cutAt: 'line',
      maxBytes: 30_000,
    });
    expect(Object.isFrozen(AGENT_PROFILE)).toBe(true);
  });

  it('should keep the first error with its source line and the final summary of a failing build, within the budget', async () => {
    // Arrange
    const directory = await makeTempDir('pipeguard-agent-');
    await writeFile(join(directory, 'bad.c'), BAD_C);
    await writeFile(join(directory, 'build.sh'), BUILD_SCRIPT);
    // Act
    const result = await run('sh', ['build.sh'], {
      profile: 'agent',
      cwd: directory,
      env: { ...process.env, LC_ALL: 'C' },
      timeout: 60_000,
    });
    // Assert
    const { stdout } = result;
    expect(result.exitCode).toBe(2);
    expect(stdout.truncated).toBe(true);
    expect(stdout.keptBytes).toBeLessThanOrEqual(AGENT_PROFILE.maxBytes);
    expect(stdout.text).toMatch(/\[line \d+, byte \d+\] bad\.c:4:18: error: 'y' undeclared/);
    expect(stdout.text).toMatch(/\[line \d+, byte \d+\] {5}4 \| {3}printf\("%d\\n", y\)\n/);
    expect(stdout.text.trimEnd().endsWith('make: *** [Makefile:12: all] Error 1')).toBe(true);
    expect(stdout.text).not.toContain('\r');
    expect(stdout.marker).toMatch(
      /rendered bytes omitted; limit is 30000 bytes; \d+ of \d+ matching lines kept\]$/,
    );
    expect(stdout.renderer?.framesOverwritten).toBeGreaterThan(0);
    expect(stdout.bytes).toBe(
      stdout.keptBytes +
        stdout.omittedBytes +
        stdout.withheldBytes +
        stdout.renderedAwayBytes +
        stdout.foldedBytes,
    );
  });

  it('should let every explicit option win over the profile', async () => {
    const source = feed([Buffer.from(`${'same\n'.repeat(3)}${'x'.repeat(10_000)}\n`)]);
    const running = pipeline(source, {
      profile: 'agent',
      render: 'raw',
      foldRepeats: false,
      keepMatches: false,
      keep: 'head',
      cutAt: 'byte',
      maxBytes: 100,
    });
    const result = await running;
    expect(running.stages.renderer).toBeNull();
    expect(running.stages.folder).toBeNull();
    expect(result.text.startsWith(`${'same\n'.repeat(3)}${'x'.repeat(85)}\n...[stdout truncated:`)).toBe(
      true,
    );
  });

  it('should be taken by capture() too, with defaults in place of the options it leaves out', async () => {
    const child = await import('node:child_process').then(({ spawn }) =>
      spawn('sh', ['-c', 'printf "a\\rb\\n"; yes same | head -n 5'], { stdio: ['ignore', 'pipe', 'pipe'] }),
    );
    const result = await capture(child, { profile: 'agent' });
    expect(result.stdout.text).toBe('b\nsame\n[previous line repeated 4 more times]\n');
    expect(result.stdout.rawOffsetsExact).toBe(false);
  });
});
