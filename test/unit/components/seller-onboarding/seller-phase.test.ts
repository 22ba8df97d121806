import { describe, expect, it } from 'vitest';
import { sellerCanEdit, sellerPhaseOf } from '@/components/seller-onboarding/seller-phase';

describe('sellerPhaseOf', () => {
  it('names where the application stands in the seller’s steps', () => {
    expect(sellerPhaseOf({ chApplymentState: undefined, reviewRequestedAt: undefined })).toBe('draft');
    expect(sellerPhaseOf({ chApplymentState: 'auditing', reviewRequestedAt: undefined })).toBe('upstream');
    expect(sellerPhaseOf({ chApplymentState: 'signing', reviewRequestedAt: undefined })).toBe('upstream');
    expect(sellerPhaseOf({ chApplymentState: 'to_be_confirmed', reviewRequestedAt: undefined })).toBe('confirm');
    expect(sellerPhaseOf({ chApplymentState: 'to_be_signed', reviewRequestedAt: undefined })).toBe('sign');
    expect(sellerPhaseOf({ chApplymentState: 'finished', reviewRequestedAt: undefined })).toBe('finished');
    expect(sellerPhaseOf({ chApplymentState: 'rejected', reviewRequestedAt: undefined })).toBe('rejected');
  });

  it('a corrected rejection the seller submitted again waits for the platform’s review', () => {
    const at = '2026-11-28T10:00:00.000Z';
    expect(sellerPhaseOf({ chApplymentState: undefined, reviewRequestedAt: at })).toBe('review');
    expect(sellerPhaseOf({ chApplymentState: 'rejected', reviewRequestedAt: at })).toBe('review');
  });

  it('lets the seller edit only while nothing is with the upstream', () => {
    expect(['draft', 'review', 'rejected', 'canceled'].every((p) => sellerCanEdit(p as never))).toBe(true);
    expect(['upstream', 'confirm', 'sign', 'finished'].some((p) => sellerCanEdit(p as never))).toBe(false);
  });
});
