import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '@/server/auth/same-origin-path';

const origin = 'https://console.example.com';

describe('where the sign-in form goes next', () => {
  it.each([
    'http://evil.example/x',
    'https://console.example.com.evil.example/',
    '//evil.example/x',
    '/\\evil.example/x',
    '\\\\evil.example',
    ' /\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://console.example.com/x',
    '/.//evil.example',
    'https://console.example.com:8443/x',
  ])('%j goes to the start page', (value) => {
    expect(sameOriginPath(value, origin)).toBe('/');
  });

  it.each([
    ['/platforms/plat_1/settings', '/platforms/plat_1/settings'],
    ['/platforms/plat_1/sub-merchants?status=draft#top', '/platforms/plat_1/sub-merchants?status=draft#top'],
    ['https://console.example.com/platforms/plat_1', '/platforms/plat_1'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['settings', '/settings'],
  ])('%j is followed as %j', (value, path) => {
    expect(sameOriginPath(value, origin)).toBe(path);
  });

  it('goes to the start page without a value', () => {
    expect(sameOriginPath(null, origin)).toBe('/');
    expect(sameOriginPath('', origin)).toBe('/');
  });
});
