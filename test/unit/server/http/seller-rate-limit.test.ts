import { afterEach, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import {
  enforceSellerLinkRateLimit,
  enforceSellerSessionRateLimit,
  resetSellerLinkRateLimitsForTests,
} from '@/server/http/seller-rate-limit';
import { SOCKET_ADDRESS_HEADER } from '@/server/http/trusted-proxy';

const from = (address: string) =>
  new Request('http://localhost/onboard/x', { headers: { [SOCKET_ADDRESS_HEADER]: address } });

afterEach(() => resetSellerLinkRateLimitsForTests());

it('lets one address open 30 links at once, then answers 429 with Retry-After; other addresses are not affected', () => {
  for (let i = 0; i < 30; i++) expect(enforceSellerLinkRateLimit(from('203.0.113.7'))).toHaveProperty('RateLimit');
  let refused: unknown;
  try {
    enforceSellerLinkRateLimit(from('203.0.113.7'));
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(AppError);
  expect((refused as AppError).code).toBe('rate_limited');
  expect((refused as AppError).options.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(enforceSellerLinkRateLimit(from('203.0.113.8'))).toHaveProperty('RateLimit');
});

const refusalOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'allowed';
};

it('lets one link be opened 10 times at once from any addresses, then refuses it alone', () => {
  const token = 'a'.repeat(43);
  for (let i = 0; i < 10; i++)
    expect(refusalOf(() => enforceSellerLinkRateLimit(from(`198.51.100.${i}`), token))).toBe('allowed');
  expect(refusalOf(() => enforceSellerLinkRateLimit(from('198.51.100.77'), token))).toBe('rate_limited');
  expect(refusalOf(() => enforceSellerLinkRateLimit(from('198.51.100.77'), 'b'.repeat(43)))).toBe('allowed');
  // A malformed token names no link: only the address counts.
  expect(refusalOf(() => enforceSellerLinkRateLimit(from('198.51.100.77'), 'short'))).toBe('allowed');
});

it('lets one seller session make 60 requests at once, then refuses that session alone; no token spends nothing', () => {
  const session = 'c'.repeat(43);
  for (let i = 0; i < 60; i++) expect(refusalOf(() => enforceSellerSessionRateLimit(session))).toBe('allowed');
  expect(refusalOf(() => enforceSellerSessionRateLimit(session))).toBe('rate_limited');
  expect(refusalOf(() => enforceSellerSessionRateLimit('d'.repeat(43)))).toBe('allowed');
  expect(enforceSellerSessionRateLimit(undefined)).toEqual({});
  expect(enforceSellerSessionRateLimit('not a token')).toEqual({});
});
