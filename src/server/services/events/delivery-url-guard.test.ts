import { describe, expect, it } from 'vitest';
import { deliveryUrlProblem, isForbiddenAddress } from './delivery-url-guard';

const resolvesTo = (...addresses: string[]) => async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const PRIVATE = 'refused: the notify URL resolves to a loopback, private or link-local address';

describe('notify URL guard (SSRF)', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and mapped addresses', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:8.8.8.8']) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700::1111']) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it('in live mode needs https and every resolved address to be public', async () => {
    expect(await deliveryUrlProblem('http://hooks.example.com/x', { mode: 'live', lookup: resolvesTo('93.184.216.34') })).toBe(
      'refused: the notify URL must be https in live mode',
    );
    expect(await deliveryUrlProblem('https://hooks.example.com/x', { mode: 'live', lookup: resolvesTo('93.184.216.34') })).toBeNull();
    expect(await deliveryUrlProblem('https://hooks.example.com/x', { mode: 'live', lookup: resolvesTo('93.184.216.34', '10.0.0.5') })).toBe(PRIVATE);
    expect(await deliveryUrlProblem('https://[::1]:8443/x', { mode: 'live', lookup: resolvesTo('8.8.8.8') })).toBe(PRIVATE);
    expect(await deliveryUrlProblem('https://127.1/x', { mode: 'live', lookup: resolvesTo('8.8.8.8') })).toBe(PRIVATE);
    expect(await deliveryUrlProblem('https://nowhere.invalid/', { mode: 'live', lookup: resolvesTo() })).toBe('refused: the notify URL host does not resolve');
    const failing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await deliveryUrlProblem('https://nowhere.invalid/', { mode: 'live', lookup: failing })).toBe('refused: the notify URL host does not resolve (ENOTFOUND)');
  });

  it('in sandbox mode allows http, but not loopback, private or link-local addresses, nor anything other than http(s)', async () => {
    expect(await deliveryUrlProblem('http://hooks.example.com/x', { mode: 'sandbox', lookup: resolvesTo('93.184.216.34') })).toBeNull();
    for (const url of ['http://127.0.0.1:4000/hooks', 'http://localhost:4000/x', 'http://app.localhost/x', 'http://[::1]/x', 'http://169.254.169.254/latest']) {
      expect(await deliveryUrlProblem(url, { mode: 'sandbox', lookup: resolvesTo('93.184.216.34') }), url).toBe(PRIVATE);
    }
    expect(await deliveryUrlProblem('http://rebind.example.test/x', { mode: 'sandbox', lookup: resolvesTo('192.168.1.20') })).toBe(PRIVATE);
    expect(await deliveryUrlProblem('file:///etc/passwd', { mode: 'sandbox' })).toBe('refused: the notify URL must be http(s)');
    expect(await deliveryUrlProblem('not a url', { mode: 'sandbox' })).toBe('refused: the notify URL is not a valid URL');
  });

  it('allows private addresses with allowPrivate (ALLOW_PRIVATE_WEBHOOK_URLS=1), still only http(s), https in live mode', async () => {
    expect(await deliveryUrlProblem('http://127.0.0.1:4000/hooks', { mode: 'sandbox', allowPrivate: true })).toBeNull();
    expect(await deliveryUrlProblem('https://10.0.0.5/x', { mode: 'live', allowPrivate: true })).toBeNull();
    expect(await deliveryUrlProblem('http://10.0.0.5/x', { mode: 'live', allowPrivate: true })).toBe('refused: the notify URL must be https in live mode');
    expect(await deliveryUrlProblem('ftp://10.0.0.5/x', { mode: 'sandbox', allowPrivate: true })).toBe('refused: the notify URL must be http(s)');
  });

  it('accepts a host that does not resolve only when asked (sandbox-mode configuration)', async () => {
    expect(await deliveryUrlProblem('http://not-yet.example.test/x', { mode: 'sandbox', lookup: resolvesTo(), acceptUnresolved: true })).toBeNull();
    expect(await deliveryUrlProblem('http://not-yet.example.test/x', { mode: 'sandbox', lookup: resolvesTo() })).toBe('refused: the notify URL host does not resolve');
    expect(await deliveryUrlProblem('http://127.0.0.1/x', { mode: 'sandbox', acceptUnresolved: true })).toBe(PRIVATE);
  });
});
