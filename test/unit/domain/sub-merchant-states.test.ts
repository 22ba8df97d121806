import { describe, expect, it } from 'vitest';
import {
  applicationStates,
  editable,
  reviewUnderWay,
  upstreamStateFilters,
  waitingOnMerchant,
} from '@/domain/sub-merchant-states';

describe('sub-merchant states', () => {
  it('sorts every application state into exactly one phase: under review, done, or editable again', () => {
    for (const state of applicationStates) {
      const phases = [reviewUnderWay(state), state === 'finished', editable(state)].filter(Boolean);
      expect(phases, state).toHaveLength(1);
    }
  });

  it('has the merchant act only while the review is under way', () => {
    expect(applicationStates.filter(waitingOnMerchant)).toEqual(['to_be_confirmed', 'to_be_signed']);
    for (const state of applicationStates.filter(waitingOnMerchant)) expect(reviewUnderWay(state)).toBe(true);
  });

  it('lets a never-submitted record be edited and filters it as none', () => {
    expect(editable(undefined)).toBe(true);
    expect(reviewUnderWay(undefined)).toBe(false);
    expect(reviewUnderWay(null)).toBe(false);
    expect(upstreamStateFilters[0]).toBe('none');
    expect(upstreamStateFilters.slice(1)).toEqual([...applicationStates]);
  });
});
