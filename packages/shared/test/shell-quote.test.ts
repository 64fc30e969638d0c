import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { quoteShellArgument } from '../src/index';

describe('quoteShellArgument', () => {
  it.each(['plain', 'a b', "it's", '$HOME', 'a"b', '', '*', 'é 漢字'])(
    'should survive a round trip through sh for %j',
    (arg) => {
      expect(execFileSync('sh', ['-c', `printf %s ${quoteShellArgument(arg)}`], { encoding: 'utf8' })).toBe(
        arg,
      );
    },
  );

  it('should leave a plain path unquoted', () => {
    expect(quoteShellArgument('/usr/bin/cat')).toBe('/usr/bin/cat');
  });
});
