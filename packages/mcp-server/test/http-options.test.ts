import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseListenAddress } from '../src/http/http-options';
import { parseCommandLine } from '../src/server-options';

describe('parseCommandLine with --http', () => {
  it('should default to 127.0.0.1 and the documented bounds', () => {
    const parsed = parseCommandLine(['--http', '8080'], '/srv');
    expect(parsed).toEqual({
      kind: 'serve',
      options: expect.objectContaining({
        roots: ['/srv'],
        http: {
          host: '127.0.0.1',
          port: 8080,
          tokenFile: null,
          allowHosts: [],
          maxSessions: 16,
          maxBodyBytes: 8 * 1024 * 1024,
          headerTimeoutMs: 10_000,
          requestTimeoutMs: 30_000,
          idleTimeoutMs: 600_000,
        },
      }),
    });
  });

  it('should read every HTTP flag', () => {
    const parsed = parseCommandLine([
      '--http',
      '[::1]:0',
      '--token-file',
      '/run/token',
      '--allow-host',
      'a.example',
      '--allow-host',
      'b.example',
      '--max-sessions',
      '2',
      '--max-body-bytes',
      '1MiB',
      '--header-timeout',
      '500',
      '--request-timeout',
      '900',
      '--idle-timeout',
      '1000',
    ]);
    expect(parsed.kind === 'serve' && parsed.options.http).toEqual({
      host: '::1',
      port: 0,
      tokenFile: '/run/token',
      allowHosts: ['a.example', 'b.example'],
      maxSessions: 2,
      maxBodyBytes: 1024 * 1024,
      headerTimeoutMs: 500,
      requestTimeoutMs: 900,
      idleTimeoutMs: 1000,
    });
  });

  it('should serve stdio without --http', () => {
    const parsed = parseCommandLine([]);
    expect(parsed.kind === 'serve' && parsed.options.http).toBeNull();
  });

  it.each([
    [
      ['--http', 'abc'],
      "--http must be [HOST:]PORT, e.g. 8080, 127.0.0.1:8080 or [::1]:8080 (PORT 0 picks a free one). Received 'abc'",
    ],
    [['--http', '70000'], "Received '70000'"],
    [['--http', '::1:80'], "Received '::1:80'"],
    [['--token-file', 'x'], '--token-file applies only with --http'],
    [['--max-sessions', '3'], '--max-sessions applies only with --http'],
    [['--http', '0', '--max-sessions', '0'], "--max-sessions must be a positive integer. Received '0'"],
    [
      ['--http', '0', '--max-body-bytes', '1KiB'],
      "--max-body-bytes must be a size of at least 64KiB. Received '1KiB'",
    ],
    [
      ['--http', '0', '--idle-timeout', '1.5'],
      "--idle-timeout must be a duration such as 30s, 1500ms or 10m (a bare number is milliseconds). Received '1.5'",
    ],
    [
      ['--http', '0', '--header-timeout', '5000', '--request-timeout', '1000'],
      "--request-timeout must be at least --header-timeout (5000): the headers are part of the request. Received '1000'",
    ],
  ])('should refuse %j with a RangeError', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(RangeError);
    expect(() => parseCommandLine(argv)).toThrow(message);
  });
});

describe('parseListenAddress', () => {
  it('should read back any host and port it is given, in each of its forms', () => {
    const host = fc.oneof(
      fc.ipV4().map((address) => ({ text: address, host: address })),
      fc.ipV6().map((address) => ({ text: `[${address}]`, host: address })),
      fc.domain().map((name) => ({ text: name, host: name })),
    );
    fc.assert(
      fc.property(host, fc.integer({ min: 0, max: 65_535 }), ({ text, host: expected }, port) => {
        expect(parseListenAddress(`${text}:${port}`)).toEqual({ host: expected, port });
        expect(parseListenAddress(String(port))).toEqual({ host: '127.0.0.1', port });
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
