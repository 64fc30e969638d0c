import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { requireBuilt } from '../../packages/pipeguard/test/helpers/cli';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));

/** Runs an example as examples/README.md says to, from the repository root. */
async function runExample(name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(tsx, [`examples/${name}.ts`], {
    cwd: root,
    maxBuffer: 1 << 24,
  });
  return stdout;
}

describe('examples', () => {
  // Rows are tuples, not objects: '%s' prints a title as written, where '$title' would quote and cut it.
  it.each<[title: string, example: string, expected: (string | RegExp)[]]>([
    [
      'should capture a bounded command, a timeout and a cancellation when running capture-command',
      'capture-command',
      [
        '...[stdout truncated: 6888832 of 6888896 bytes omitted; limit is 64 bytes]\n96\n999997\n',
        'exit 0: read 6888896 bytes, kept 64',
        'stdout "working\\n", timedOut true, signal SIGTERM',
        'AbortError: the user pressed stop; captured "started\\n"',
      ],
    ],
    [
      'should decode UTF-8 and GBK lines cut into 3-byte pieces when running decode-socket',
      'decode-socket',
      [
        '"status: ok ✓\\n"\n"警告：磁盘空间不足\\n"\n"temperature 21 °C\\r\\n"\n',
        /utf8Units: 2,\s+fallbackUnits: 1,/,
      ],
    ],
    [
      'should page through the omitted bytes of a minified JSON file when running page-json',
      'page-json',
      [
        '…[+11297 bytes omitted, starting at byte offset 60 up to and including byte offset 11356]',
        'window 60..4154: trimmed 0 + 2\nwindow 4154..8250',
        'kept + windows = the whole file: true',
      ],
    ],
    [
      'should withhold an executable and pass find -print0 output when running binary-guard',
      'binary-guard',
      [
        /\[binary output withheld: node, 1048576 bytes from byte 0, [\d.]+% control bytes\./,
        './docs/café.txt\nwithheld: false; NUL separators kept: 4',
      ],
    ],
    [
      'should render CR and cursor-up redraws to their last frame when running terminal-render',
      'terminal-render',
      [
        '100% [####################]\nDownloaded demo-1.0.tar.gz\nlint  ====================\ntest  ====================\nbuild ====================\nreport written\n',
        'raw 3197 bytes → rendered 151 bytes; 266 sequences removed, 60 redraws',
      ],
    ],
    [
      'should recover GBK and Shift_JIS lines when running legacy-recovery',
      'legacy-recovery',
      [
        '## fallback ["shift_jis","gbk"]\n错误：找不到文件 配置.json\nbuild ok ✓\nエラー：ファイルが見つかりません\n',
        'UTF-8 lines 1, fallback lines 2',
      ],
    ],
  ])('%s', async (_title, example, expected) => {
    const output = await runExample(example);
    for (const expectation of expected) {
      if (typeof expectation === 'string') expect(output).toContain(expectation);
      else expect(output).toMatch(expectation);
    }
  });

  it('should run the CLI on every scenario when running the demo', async () => {
    requireBuilt();
    const output = await runExample('demo');
    expect(output).toMatch(
      /\[binary output withheld: stdout, \d+ bytes from byte \d+, [\d.]+% control bytes/,
    );
    expect(output).toContain('main.c(3): 错误 C2065: “配置”: 未声明的标识符');
    expect(output).toContain('...[stdout truncated: 78888697 of 78888897 bytes omitted; limit is 200 bytes]');
    expect(output).toContain(
      "(stderr) pipeguard: timed out: the 2 s timeout fired; the command's process group was sent SIGTERM and killed after the grace\n→ exit status 124",
    );
    expect(output).toMatch(
      /parent exits now\n(tick\n)*\(stderr\) pipeguard: a process the command left behind kept its output open/,
    );
    expect(output).toContain(
      '…[+1277661 bytes omitted, starting at byte offset 120 up to and including byte offset 1277780]',
    );
    expect(output).not.toMatch(/exit status (1|2|12[67])\b/);
  });
});
