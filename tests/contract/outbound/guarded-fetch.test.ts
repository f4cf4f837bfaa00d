import https from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../../src/server/outbound/body.ts';
import { fetchPage, PAGE_LIMITS } from '../../../src/server/outbound/fetch-page.ts';
import { guardedFetch, type FetchLimits, type OutboundPolicy } from '../../../src/server/outbound/guarded-fetch.ts';
import { OutboundError } from '../../../src/server/outbound/outbound-error.ts';
import type { Resolver } from '../../../src/server/outbound/resolve.ts';
import { bytes, cutOff, html, redirect, startFixtureServer, type FixtureServer } from './fixture-server.ts';

/**
 * The outbound guard against a real HTTP server on 127.0.0.1. The default policy must refuse that
 * server (and every other private place); tests that need to reach it turn on the test-only
 * allowPrivateAddresses, which still refuses link-local (cloud metadata) and the rest.
 */
const strict: OutboundPolicy = { allowPrivateAddresses: false, userAgent: 'test' };
const local: OutboundPolicy = { allowPrivateAddresses: true, userAgent: 'test' };

async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (error instanceof OutboundError) return error.failure;
    throw error;
  }
  return 'fetched';
}

const PAGE = '<html><head><title>Fixture</title></head><body>ok</body></html>';

let site: FixtureServer;
beforeAll(async () => {
  site = await startFixtureServer({ '/page': html(PAGE) });
});
afterAll(async () => {
  await site.close();
});

describe('the default policy refuses every private destination before connecting', () => {
  it.each([
    (port: number) => `http://127.0.0.1:${port}/page`,
    (port: number) => `http://localhost:${port}/page`,
    (port: number) => `http://2130706433:${port}/page`,
    (port: number) => `http://0x7f000001:${port}/page`,
    (port: number) => `http://0177.0.0.1:${port}/page`,
    (port: number) => `http://127.1:${port}/page`,
    (port: number) => `http://[::1]:${port}/page`,
    (port: number) => `http://[::ffff:127.0.0.1]:${port}/page`,
    (port: number) => `http://[::ffff:7f00:1]:${port}/page`,
    (port: number) => `http://[64:ff9b::7f00:1]:${port}/page`,
  ])('loopback in any spelling: %#', async (spell) => {
    const before = site.hits.length;
    expect(await failureOf(fetchPage(strict, spell(site.port)))).toBe('refused_address');
    expect(site.hits.length).toBe(before);
  });

  it.each([
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://0/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[64:ff9b::a00:1]/',
  ])('%s', async (url) => {
    expect(await failureOf(fetchPage(strict, url))).toBe('refused_address');
  });

  it('a name that resolves to a private address, or to a public and a private one, is refused', async () => {
    const resolver: Resolver = (host) =>
      Promise.resolve(
        host === 'mixed.test'
          ? [
              { address: '93.184.216.34', family: 4 },
              { address: '10.0.0.7', family: 4 },
            ]
          : [{ address: '169.254.169.254', family: 4 }],
      );
    expect(await failureOf(fetchPage({ ...strict, resolver }, 'http://metadata.test/'))).toBe('refused_address');
    expect(await failureOf(fetchPage({ ...strict, resolver }, 'https://mixed.test/'))).toBe('refused_address');
  });

  it('a name that does not resolve is a clear failure', async () => {
    const resolver: Resolver = () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' }));
    expect(await failureOf(fetchPage({ ...strict, resolver }, 'https://nowhere.test/'))).toBe('dns');
  });

  it('other schemes, credentials and bad ports never reach the network', async () => {
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://example.com/', 'http://user:pw@example.com/']) {
      expect(await failureOf(fetchPage(strict, url)), url).toBe('bad_url');
    }
    expect(await failureOf(fetchPage(strict, 'http://example.com:25/'))).toBe('refused_port');
  });
});

describe('with private addresses allowed (tests and development only)', () => {
  it('fetches the page', async () => {
    const page = await fetchPage(local, site.url('/page'));
    expect(page.html).toBe(PAGE);
    expect(page.url.href).toBe(site.url('/page'));
  });

  it('still refuses cloud metadata and the other ranges the flag does not open', async () => {
    expect(await failureOf(fetchPage(local, 'http://169.254.169.254/latest/meta-data/'))).toBe('refused_address');
    expect(await failureOf(fetchPage(local, 'http://[fe80::1]/'))).toBe('refused_address');
  });

  it('resolves each host once and connects to the address it checked (no second lookup to rebind)', async () => {
    let lookups = 0;
    const resolver: Resolver = () => {
      lookups += 1;
      return Promise.resolve([{ address: lookups === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 }]);
    };
    const page = await fetchPage({ ...local, resolver }, `http://rebind.test:${site.port}/page`);
    expect(page.html).toBe(PAGE);
    expect(lookups).toBe(1);
  });

  it('decodes the charset of the header or the page, and gzip, deflate and brotli bodies', async () => {
    site.route('/latin1', (_q, r) => r.writeHead(200, { 'content-type': 'text/html; charset=iso-8859-1' }).end(Buffer.from('<title>Café</title>', 'latin1')));
    site.route('/meta-charset', (_q, r) =>
      r
        .writeHead(200, { 'content-type': 'text/html' })
        .end(Buffer.concat([Buffer.from('<meta charset="windows-1252"><title>'), Buffer.from([0x80]), Buffer.from('</title>')])),
    );
    site.route('/gzip', (_q, r) => r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(zlib.gzipSync(PAGE)));
    site.route('/br', (_q, r) => r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'br' }).end(zlib.brotliCompressSync(PAGE)));
    site.route('/deflate', (_q, r) => r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'deflate' }).end(zlib.deflateSync(PAGE)));
    expect((await fetchPage(local, site.url('/latin1'))).html).toBe('<title>Café</title>');
    expect((await fetchPage(local, site.url('/meta-charset'))).html).toContain('<title>€</title>');
    for (const path of ['/gzip', '/br', '/deflate']) expect((await fetchPage(local, site.url(path))).html, path).toBe(PAGE);
  });

  it('follows up to 5 redirects, checking every hop', async () => {
    for (let i = 1; i <= 6; i += 1) site.route(`/hop${i}`, redirect(i === 6 ? '/page' : `/hop${i + 1}`));
    const page = await fetchPage(local, site.url('/hop2'));
    expect(page.url.pathname).toBe('/page');
    expect(await failureOf(fetchPage(local, site.url('/hop1')))).toBe('too_many_redirects');
    site.route('/to-metadata', redirect('http://169.254.169.254/latest/meta-data/iam/'));
    site.route('/to-file', redirect('file:///etc/passwd', 301));
    site.route('/to-smtp', redirect('http://127.0.0.1:25/', 307));
    expect(await failureOf(fetchPage(local, site.url('/to-metadata')))).toBe('refused_address');
    expect(await failureOf(fetchPage(local, site.url('/to-file')))).toBe('bad_url');
    expect(await failureOf(fetchPage(local, site.url('/to-smtp')))).toBe('refused_port');
  });

  it('a redirect to a name that resolves to a refused address is checked like the first hop', async () => {
    const resolver: Resolver = (host) => Promise.resolve([{ address: host === 'site.test' ? '127.0.0.1' : '169.254.169.254', family: 4 }]);
    site.route('/to-internal', redirect('http://internal.test/computeMetadata/v1/'));
    const before = site.hits.length;
    expect(await failureOf(fetchPage({ ...local, resolver }, `http://site.test:${site.port}/to-internal`))).toBe('refused_address');
    expect(site.hits.slice(before)).toEqual(['/to-internal']);
  });

  it('refuses error statuses and types it cannot read', async () => {
    site.route('/image', bytes(Buffer.from('GIF89a'), 'image/gif'));
    site.route('/untyped', (_q, r) => r.writeHead(200).end(PAGE));
    site.route('/zstd', (_q, r) => r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'zstd' }).end('x'));
    expect(await failureOf(fetchPage(local, site.url('/missing')))).toBe('http_status');
    expect(await failureOf(fetchPage(local, site.url('/image')))).toBe('content_type');
    expect(await failureOf(fetchPage(local, site.url('/untyped')))).toBe('content_type');
    expect(await failureOf(fetchPage(local, site.url('/zstd')))).toBe('content_type');
  });

  it('refuses a body over the limit: announced, streamed without a length, or a small gzip bomb', async () => {
    const big = Buffer.alloc(PAGE_LIMITS.maxBytes + 1, 0x61);
    site.route('/declared', (_q, r) => r.writeHead(200, { 'content-type': 'text/html', 'content-length': String(big.length) }).end(big));
    site.route('/chunked', (_q, r) => {
      r.writeHead(200, { 'content-type': 'text/html' });
      r.end(big);
    });
    const bomb = zlib.gzipSync(Buffer.alloc(50 * 1_048_576, 0x20));
    expect(bomb.length).toBeLessThan(200_000);
    site.route('/bomb', (_q, r) => r.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb));
    for (const path of ['/declared', '/chunked', '/bomb']) expect(await failureOf(fetchPage(local, site.url(path))), path).toBe('too_large');
  });

  it('gives up on a server that is slow to answer or to send its body', async () => {
    const quick: FetchLimits = { ...PAGE_LIMITS, timeoutMs: 300 };
    site.route('/silent', () => undefined);
    site.route('/trickle', (_q, r) => {
      r.writeHead(200, { 'content-type': 'text/html' });
      r.write('<html>');
    });
    const read = (path: string) => guardedFetch(local, site.url(path), quick, async (response) => readAll(response.body));
    const started = Date.now();
    expect(await failureOf(read('/silent'))).toBe('timeout');
    expect(await failureOf(read('/trickle'))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('reports a connection cut off in the middle of the body', async () => {
    site.route('/cut', cutOff(Buffer.alloc(100_000, 0x61), 'text/html', 10_000));
    expect(await failureOf(fetchPage(local, site.url('/cut')))).toBe('network');
  });

  it('reports a server that does not answer at all', async () => {
    const closed = await startFixtureServer();
    const url = closed.url('/');
    await closed.close();
    expect(await failureOf(fetchPage(local, url))).toBe('network');
  });
});

/** A self-signed certificate for tls.test (EC P-256, valid to 2126), made once with openssl for this test. */
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgKkJ869TfZirvwbsl
09ioR042M6I2JEsLX8clhWNup6ihRANCAAQvZCd3m2WB0E85bnNQTgnwtcgcbINo
nyx+m2XGGvZPO3E38w8u7jZFMigV0qxn6BvoimSM2lGOz1iUBpSVWPiv
-----END PRIVATE KEY-----`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBkjCCATigAwIBAgIUZqGC6aaXOivhi8vg4v9M1b8EFWkwCgYIKoZIzj0EAwIw
EzERMA8GA1UEAwwIdGxzLnRlc3QwIBcNMjYxMTIyMDc1MDM5WhgPMjEyNjEwMjkw
NzUwMzlaMBMxETAPBgNVBAMMCHRscy50ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0D
AQcDQgAEL2Qnd5tlgdBPOW5zUE4J8LXIHGyDaJ8sfptlxhr2TztxN/MPLu42RTIo
FdKsZ+gb6IpkjNpRjs9YlAaUlVj4r6NoMGYwHQYDVR0OBBYEFE4BwdTM2yodH+VZ
SaO+PV/F5pNfMB8GA1UdIwQYMBaAFE4BwdTM2yodH+VZSaO+PV/F5pNfMA8GA1Ud
EwEB/wQFMAMBAf8wEwYDVR0RBAwwCoIIdGxzLnRlc3QwCgYIKoZIzj0EAwIDSAAw
RQIgIgQeyN7wtt589/vQBX2HBY3ReUUj0WHc0MXfGTnwTE8CIQC73OfEtjHjY42H
tgwdeCcAEQvKwBoPT7FPlMgjne591w==
-----END CERTIFICATE-----`;

describe('https', () => {
  it('connects to the checked address, names the host in SNI and verifies the certificate', async () => {
    const names: string[] = [];
    const server = https.createServer(
      {
        SNICallback: (name, done) => {
          names.push(name);
          done(null, tls.createSecureContext({ key: TLS_KEY, cert: TLS_CERT }));
        },
      },
      (_q, r) => r.writeHead(200, { 'content-type': 'text/html' }).end(PAGE),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const resolver: Resolver = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
      const work = fetchPage({ ...local, resolver }, `https://tls.test:${port}/`);
      await expect(work).rejects.toMatchObject({ failure: 'network', message: 'The secure connection to tls.test could not be verified.' });
      expect(names).toEqual(['tls.test']);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
