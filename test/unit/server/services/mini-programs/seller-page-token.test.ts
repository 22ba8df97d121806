import { describe, expect, it } from 'vitest';
import { hashState, newState } from '@/server/services/mini-programs/authorization-state';
import { sellerPageToken, verifySellerPageToken } from '@/server/services/mini-programs/seller-page-token';

const secret = 'a-session-secret-of-at-least-thirty-two-chars';

describe('seller page token', () => {
  it('round-trips to the state hash and does not contain the state', () => {
    const state = newState();
    const token = sellerPageToken(hashState(state), secret);
    expect(token).toMatch(/^[0-9a-f]{64}\.[A-Za-z0-9_-]{43}$/);
    expect(token).not.toContain(state);
    expect(verifySellerPageToken(token, secret)).toBe(hashState(state));
  });

  it('refuses another secret, an altered hash or MAC, and malformed tokens', () => {
    const stateHash = hashState(newState());
    const token = sellerPageToken(stateHash, secret);
    expect(verifySellerPageToken(token, `${secret}x`)).toBeNull();
    const otherHash = hashState(newState());
    expect(verifySellerPageToken(`${otherHash}.${token.split('.')[1]}`, secret)).toBeNull();
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(verifySellerPageToken(flipped, secret)).toBeNull();
    for (const bad of ['', stateHash, `${stateHash}.`, `${token}x`, token.toUpperCase(), `../${token}`]) {
      expect(verifySellerPageToken(bad, secret)).toBeNull();
    }
  });
});
