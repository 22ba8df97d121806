import { describe, expect, it } from 'vitest';
import { deliveryUrlProblem, isForbiddenAddress } from '@/server/services/events/delivery-url-guard';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
const PRIVATE = 'refused: the notify URL resolves to a loopback, private or link-local address';

describe('notify URL guard (SSRF)', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:8.8.8.8',
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '93.184.216.34', '2606:4700::1111']) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });

  it('refuses every IPv6 form that carries or reaches an IPv4 address, and the other special-purpose ranges', () => {
    const forbidden = [
      // IPv4-mapped in every spelling, and IPv4-translated (SIIT)
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '0000:0000:0000:0000:0000:ffff:127.0.0.1',
      '::FFFF:10.0.0.1',
      '::ffff:0:127.0.0.1',
      '::ffff:0:a00:1',
      // IPv4-compatible (deprecated) ::a.b.c.d
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::8.8.8.8',
      // NAT64 well-known and local-use prefixes
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::8.8.8.8',
      '64:ff9b:1::a00:1',
      '64:ff9b:1:ffff::1',
      // 6to4 and Teredo
      '2002:7f00:1::',
      '2002:a9fe:a9fe::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001::1',
      // site-local, unique-local, link-local with a zone, multicast, unspecified, loopback spelled out
      'fec0::1',
      'feff::1',
      'fc00::1',
      'fdff:ffff::1',
      'fe80::1%eth0',
      'ff02::1',
      '0:0:0:0:0:0:0:0',
      '0:0:0:0:0:0:0:1',
      // documentation, benchmarking, discard, ORCHID, and space outside global unicast
      '2001:db8::1',
      '3fff::1',
      '2001:2::1',
      '100::1',
      '2001:20::1',
      '4000::1',
      '::2:3:4:5',
      // IPv4 special-purpose ranges
      '192.0.2.1',
      '198.51.100.7',
      '203.0.113.9',
      '198.18.0.1',
      '192.88.99.1',
      '255.255.255.255',
      '240.0.0.1',
      '0.1.2.3',
      // not an address at all, or shorthand no resolver returns
      '127.1',
      '0x7f.0.0.1',
      'localhost',
      '',
    ];
    expect(forbidden.filter((address) => !isForbiddenAddress(address))).toEqual([]);
    expect(
      ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '1.1.1.1', '8.8.4.4'].filter(isForbiddenAddress),
    ).toEqual([]);
  });

  it('in live mode refuses a host that resolves to NAT64 or 6to4 forms of an internal address', async () => {
    for (const address of ['64:ff9b::a9fe:a9fe', '2002:a00:1::1', '::ffff:a9fe:a9fe', 'fec0::1']) {
      expect(
        await deliveryUrlProblem('https://hooks.example.com/x', { mode: 'live', lookup: resolvesTo(address) }),
        address,
      ).toBe(PRIVATE);
    }
  });

  it('in live mode needs https and every resolved address to be public', async () => {
    expect(
      await deliveryUrlProblem('http://hooks.example.com/x', { mode: 'live', lookup: resolvesTo('93.184.216.34') }),
    ).toBe('refused: the notify URL must be https in live mode');
    expect(
      await deliveryUrlProblem('https://hooks.example.com/x', { mode: 'live', lookup: resolvesTo('93.184.216.34') }),
    ).toBeNull();
    expect(
      await deliveryUrlProblem('https://hooks.example.com/x', {
        mode: 'live',
        lookup: resolvesTo('93.184.216.34', '10.0.0.5'),
      }),
    ).toBe(PRIVATE);
    expect(await deliveryUrlProblem('https://[::1]:8443/x', { mode: 'live', lookup: resolvesTo('8.8.8.8') })).toBe(
      PRIVATE,
    );
    expect(await deliveryUrlProblem('https://127.1/x', { mode: 'live', lookup: resolvesTo('8.8.8.8') })).toBe(PRIVATE);
    expect(await deliveryUrlProblem('https://nowhere.invalid/', { mode: 'live', lookup: resolvesTo() })).toBe(
      'refused: the notify URL host does not resolve',
    );
    const failing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    expect(await deliveryUrlProblem('https://nowhere.invalid/', { mode: 'live', lookup: failing })).toBe(
      'refused: the notify URL host does not resolve (ENOTFOUND)',
    );
  });

  it('in sandbox mode allows http, but not loopback, private or link-local addresses, nor anything other than http(s)', async () => {
    expect(
      await deliveryUrlProblem('http://hooks.example.com/x', { mode: 'sandbox', lookup: resolvesTo('93.184.216.34') }),
    ).toBeNull();
    for (const url of [
      'http://127.0.0.1:4000/hooks',
      'http://localhost:4000/x',
      'http://app.localhost/x',
      'http://[::1]/x',
      'http://169.254.169.254/latest',
    ]) {
      expect(await deliveryUrlProblem(url, { mode: 'sandbox', lookup: resolvesTo('93.184.216.34') }), url).toBe(
        PRIVATE,
      );
    }
    expect(
      await deliveryUrlProblem('http://rebind.example.test/x', { mode: 'sandbox', lookup: resolvesTo('192.168.1.20') }),
    ).toBe(PRIVATE);
    expect(await deliveryUrlProblem('file:///etc/passwd', { mode: 'sandbox' })).toBe(
      'refused: the notify URL must be http(s)',
    );
    expect(await deliveryUrlProblem('not a url', { mode: 'sandbox' })).toBe(
      'refused: the notify URL is not a valid URL',
    );
  });

  it('allows private addresses with allowPrivate (ALLOW_PRIVATE_WEBHOOK_URLS=1), still only http(s), https in live mode', async () => {
    expect(await deliveryUrlProblem('http://127.0.0.1:4000/hooks', { mode: 'sandbox', allowPrivate: true })).toBeNull();
    expect(await deliveryUrlProblem('https://10.0.0.5/x', { mode: 'live', allowPrivate: true })).toBeNull();
    expect(await deliveryUrlProblem('http://10.0.0.5/x', { mode: 'live', allowPrivate: true })).toBe(
      'refused: the notify URL must be https in live mode',
    );
    expect(await deliveryUrlProblem('ftp://10.0.0.5/x', { mode: 'sandbox', allowPrivate: true })).toBe(
      'refused: the notify URL must be http(s)',
    );
  });

  it('accepts a host that does not resolve only when asked (sandbox-mode configuration)', async () => {
    expect(
      await deliveryUrlProblem('http://not-yet.example.test/x', {
        mode: 'sandbox',
        lookup: resolvesTo(),
        acceptUnresolved: true,
      }),
    ).toBeNull();
    expect(await deliveryUrlProblem('http://not-yet.example.test/x', { mode: 'sandbox', lookup: resolvesTo() })).toBe(
      'refused: the notify URL host does not resolve',
    );
    expect(await deliveryUrlProblem('http://127.0.0.1/x', { mode: 'sandbox', acceptUnresolved: true })).toBe(PRIVATE);
  });
});
