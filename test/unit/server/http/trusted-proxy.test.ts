import { describe, expect, it } from 'vitest';
import { clientAddress, forwardedHost, SOCKET_ADDRESS_HEADER } from '@/server/http/trusted-proxy';
import { useEnv } from '../../../support/scoped-env';

const request = (headers: Record<string, string>) => new Request('http://localhost:3000/api/auth/session', { headers });

describe('forwarding headers without a trusted proxy', () => {
  it('takes the socket address and the Host header, whatever X-Forwarded-* say', () => {
    const spoofed = request({
      [SOCKET_ADDRESS_HEADER]: '::ffff:203.0.113.9',
      'x-forwarded-for': '10.0.0.1',
      'x-real-ip': '10.0.0.2',
      host: 'console.example.com',
      'x-forwarded-host': 'evil.example',
    });
    expect(clientAddress(spoofed)).toBe('203.0.113.9');
    expect(forwardedHost(spoofed)).toBe('console.example.com');
    expect(clientAddress(request({ 'x-forwarded-for': '10.0.0.1' }))).toBeNull();
    expect(clientAddress({ headers: { [SOCKET_ADDRESS_HEADER]: '2001:db8::1', 'x-forwarded-for': '10.0.0.1' } })).toBe(
      '2001:db8::1',
    );
  });
});

describe('behind two trusted proxies', () => {
  useEnv({ TRUSTED_PROXY_HOPS: '2' });

  it('takes the second entry from the right of X-Forwarded-For and X-Forwarded-Host, the left-most when there are fewer', () => {
    const proxied = request({
      [SOCKET_ADDRESS_HEADER]: '10.0.0.3',
      'x-forwarded-for': 'made-up, 198.51.100.4, 10.0.0.2',
      host: 'internal:3000',
      'x-forwarded-host': 'evil.example, Console.Example.com, internal',
    });
    expect(clientAddress(proxied)).toBe('198.51.100.4');
    expect(forwardedHost(proxied)).toBe('console.example.com');
    expect(clientAddress(request({ [SOCKET_ADDRESS_HEADER]: '10.0.0.3', 'x-forwarded-for': '198.51.100.5' }))).toBe(
      '198.51.100.5',
    );
    expect(clientAddress(request({ [SOCKET_ADDRESS_HEADER]: '10.0.0.3' }))).toBe('10.0.0.3');
    expect(forwardedHost(request({ host: 'internal:3000' }))).toBe('internal:3000');
  });
});
