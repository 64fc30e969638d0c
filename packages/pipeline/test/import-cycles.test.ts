import { fileURLToPath } from 'node:url';
import { importCycles } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));

describe('module graph', () => {
  // Type-only imports count: a circle of types is still two concerns that cannot be read apart.
  it.each(['pipeline', 'pty', 'pipeguard'])('should have no import cycle in packages/%s/src', (name) => {
    expect(importCycles(`${packagesDir}${name}/src`)).toEqual([]);
  });
});
