import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { captureGoldens, GOLDENS_FILE } from './runtimes/write-capture-goldens';

describe('capture goldens', () => {
  it("should hold what Node's pipeline() captures today for each case the runtimes check", async () => {
    // On a change of pipeline(): pnpm exec tsx packages/web/test/runtimes/write-capture-goldens.ts
    const written = JSON.parse(await readFile(GOLDENS_FILE, 'utf8'));
    expect(written).toEqual(await captureGoldens());
  });
});
