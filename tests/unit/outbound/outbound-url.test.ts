import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../../src/server/outbound/outbound-error.ts';
import { bareHost, checkOutboundUrl } from '../../../src/server/outbound/outbound-url.ts';

function failure(input: string): string {
  try {
    checkOutboundUrl(input);
  } catch (error) {
    if (error instanceof OutboundError) return error.failure;
    throw error;
  }
  return 'accepted';
}

describe('outbound URLs: http or https, no credentials, no bad ports', () => {
  it.each(['https://example.com/a?b=c', 'http://example.com:8080/', 'https://example.com:8443/x', 'http://[2606:4700::1111]/'])('accepts %s', (url) => {
    expect(failure(url)).toBe('accepted');
  });

  it.each([
    ['javascript:alert(1)', 'bad_url'],
    ['file:///etc/passwd', 'bad_url'],
    ['ftp://example.com/file', 'bad_url'],
    ['data:text/html,<p>hi</p>', 'bad_url'],
    ['gopher://example.com:70/', 'bad_url'],
    ['not a url', 'bad_url'],
    ['//example.com/', 'bad_url'],
    ['https://user:secret@example.com/', 'bad_url'],
    [`https://example.com/${'a'.repeat(2100)}`, 'bad_url'],
    ['http://example.com:25/', 'refused_port'],
    ['http://example.com:22/', 'refused_port'],
    ['http://example.com:6667/', 'refused_port'],
    ['http://example.com:0/', 'refused_port'],
  ])('refuses %s (%s)', (url, reason) => {
    expect(failure(url)).toBe(reason);
  });

  it('sees every spelling of an IPv4 address as its dotted quad, so the address check cannot be dodged', () => {
    for (const spelling of ['http://2130706433/', 'http://0x7f000001/', 'http://0x7f.0.0.1/', 'http://0177.0.0.1/', 'http://127.1/', 'http://127.0.0.1./']) {
      expect(bareHost(checkOutboundUrl(spelling)), spelling).toMatch(/^127\.0\.0\.1\.?$/);
    }
    expect(bareHost(checkOutboundUrl('http://[::ffff:127.0.0.1]/'))).toBe('::ffff:7f00:1');
  });

  it('drops the fragment, which never reaches the server', () => {
    expect(checkOutboundUrl('https://example.com/page#section').href).toBe('https://example.com/page');
  });
});
