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

  it('in sandbox mode allows http and local receivers, but nothing other than http(s)', async () => {
    expect(await deliveryUrlProblem('http://127.0.0.1:4000/hooks', { mode: 'sandbox' })).toBeNull();
    expect(await deliveryUrlProblem('file:///etc/passwd', { mode: 'sandbox' })).toBe('refused: the notify URL must be http(s)');
    expect(await deliveryUrlProblem('not a url', { mode: 'sandbox' })).toBe('refused: the notify URL is not a valid URL');
  });
});
