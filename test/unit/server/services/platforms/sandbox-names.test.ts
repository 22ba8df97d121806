import { describe, expect, it } from 'vitest';
import { submissionId } from '@/server/services/sub-merchants/submission-id';
import { subMerchantIdOf } from '@/sandbox/control/sandbox-applyment-dto';
import { upstreamFieldName } from '@/server/services/platforms/upstream-field-name';

describe('sandbox page names', () => {
  it('finds the record behind a submission id, for both providers, whatever the round', () => {
    for (const id of ['sm_8fQk2r1Zt', 'sm_ABCr12', 'sm_x0']) {
      expect(subMerchantIdOf('providerA', submissionId({ id, provider: 'providerA', reviewRound: 0 }))).toBe(id);
      for (const reviewRound of [0, 3, 12])
        expect(subMerchantIdOf('providerB', submissionId({ id, provider: 'providerB', reviewRound }))).toBe(id);
    }
    expect(subMerchantIdOf('providerA', 'other-system-42')).toBeNull();
  });

  it("writes a rejected field in the upstream's own words, so the service maps it back onto our field", () => {
    expect(upstreamFieldName('providerA', 'idCardCopy')).toBe('id_card_copy');
    expect(upstreamFieldName('providerA', 'licenseCopy')).toBe('license_copy');
    expect(upstreamFieldName('providerB', 'idCardCopy')).toBe('legal_cert_front_image');
    expect(upstreamFieldName('providerB', 'licenseNumber')).toBe('cert_no');
    expect(upstreamFieldName('providerB', 'accountNumber')).toBe('biz_cards.account_no');
    expect(upstreamFieldName('providerB', 'noSuchField')).toBe('noSuchField');
  });
});
