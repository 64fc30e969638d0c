import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { bundleCore, NODE_GLOBAL_MARK, packagesWithCore } from '@pipeguard/test-utils';
import { describe, expect, it } from 'vitest';

const PACKAGES = readdirSync(fileURLToPath(new URL('../../', import.meta.url)));
const CORES = packagesWithCore(PACKAGES);

describe('runtime-free cores', () => {
  it('should find the cores to check', () => {
    expect(CORES).toContain('shared');
  });

  it.each(CORES)(
    'should bundle %s/src/core.ts with no Node module and load it with no Node global',
    async (name) => {
      const script = await bundleCore(name);
      // A fresh context has only the language's own globals (plus the Web APIs a browser has and a core may use).
      const context = { TextDecoder, TextEncoder, queueMicrotask, core: undefined as unknown };
      runInNewContext(`${script};this.core = core;`, context);
      expect(Object.keys(context.core as object).length).toBeGreaterThan(0);
      // Every reference to a Node global, also on paths loading does not run (an error message that
      // names a Buffer is prose, not a use); a `require` of anything fails the bundle itself.
      expect(await bundleCore(name, { markNodeGlobals: true })).not.toContain(NODE_GLOBAL_MARK);
    },
  );
});
