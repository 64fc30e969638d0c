import type { IncomingMessage } from 'node:http';
import { propertyRuns } from '@pipeguard/test-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HostOriginPolicy, LOOPBACK_HOSTS, normalizeHostName } from '../src/http/host-origin';

/** A request as the policy reads it: only its headers matter. */
const requestWith = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

const port = fc.integer({ min: 1, max: 65_535 });
/** A host name's letters in any case, as a client may spell it. */
const anyCase = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) =>
      [...name].map((letter, index) => (upper[index] ? letter.toUpperCase() : letter)).join(''),
    );

describe('HostOriginPolicy', () => {
  const policy = new HostOriginPolicy('127.0.0.1', ['build.example.com', '10.0.0.5', 'fe80::1']);

  it.each([
    [{ host: '127.0.0.1:8080' }, null],
    [{ host: 'localhost:1' }, null],
    [{ host: '[::1]:8080' }, null],
    [{ host: 'LOCALHOST' }, null],
    [{ host: 'build.example.com.:443' }, null],
    [{ host: '[fe80::1]:80' }, null],
    [{ host: '127.0.0.1:8080', origin: 'http://localhost:3000' }, null],
    [{ host: '127.0.0.1:8080', origin: 'https://build.example.com' }, null],
    [{}, 403],
    [{ host: 'evil.example.com' }, 403],
    [{ host: 'localhost.evil.example.com:8080' }, 403],
    [{ host: 'evil@localhost' }, 403],
    [{ host: 'localhost/x' }, 403],
    [{ host: '127.0.0.2:8080' }, 403],
    [{ host: '127.0.0.1:8080', origin: 'http://evil.example.com' }, 403],
    [{ host: '127.0.0.1:8080', origin: 'null' }, 403],
    [{ host: '127.0.0.1:8080', origin: 'file:///etc/passwd' }, 403],
    [{ host: '127.0.0.1:8080', origin: 'chrome-extension://abc' }, 403],
  ])('should judge %j: %s', (headers, status) => {
    expect(policy.check(requestWith(headers))?.status ?? null).toBe(status);
  });

  it('should allow the bound address, but not a wildcard one that no client names', () => {
    expect(new HostOriginPolicy('192.168.7.7').allowed.has('192.168.7.7')).toBe(true);
    expect([...new HostOriginPolicy('0.0.0.0').allowed]).toEqual(LOOPBACK_HOSTS);
    expect([...new HostOriginPolicy('::').allowed]).toEqual(LOOPBACK_HOSTS);
  });

  it.each(['evil.com:8080', 'a b', 'http://evil.com', '[::1', ''])(
    'should refuse --allow-host %j with a RangeError',
    (extra) => {
      expect(() => new HostOriginPolicy('127.0.0.1', [extra])).toThrow(
        `--allow-host must be a host name or address without a port. Received '${extra}'`,
      );
    },
  );

  it('should accept every allowed name with any port, in any case, in Host and in an http(s) Origin', () => {
    const allowed = fc.constantFrom('localhost', 'build.example.com', '127.0.0.1', '10.0.0.5');
    fc.assert(
      fc.property(allowed.chain(anyCase), port, fc.constantFrom('http', 'https'), (name, number, scheme) => {
        const request = requestWith({ host: `${name}:${number}`, origin: `${scheme}://${name}:${number}` });
        expect(policy.check(request)).toBeNull();
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  it('should refuse any other name in Host, and in Origin, whatever the port', () => {
    const foreign = fc
      .domain()
      .filter(
        (name) => normalizeHostName(name) !== null && !policy.allowed.has(normalizeHostName(name) as string),
      );
    fc.assert(
      fc.property(foreign, port, (name, number) => {
        expect(policy.check(requestWith({ host: `${name}:${number}` }))?.status).toBe(403);
        const origin = requestWith({ host: `localhost:${number}`, origin: `http://${name}:${number}` });
        expect(policy.check(origin)?.status).toBe(403);
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('normalizeHostName', () => {
  it.each([
    ['LocalHost', 'localhost'],
    ['example.com.', 'example.com'],
    ['::1', '[::1]'],
    ['[::1]', '[::1]'],
    ['127.0.0.1', '127.0.0.1'],
    ['example.com:80', null],
    ['user@example.com', null],
    ['', null],
  ])('should normalize %j to %j', (text, expected) => {
    expect(normalizeHostName(text)).toBe(expected);
  });
});
