/**
 * A platform that owns one of every kind of resource an endpoint can address (sub-merchant, media, authorizer,
 * audit, manual template, event delivery, API key, members, invitation, onboarding link), stored as the services store them, so suites can
 * aim another platform's credentials at real records.
 */
import { getFieldCipher } from '@/server/config/field-cipher';
import type { Db } from '@/server/db';
import {
  eventDeliveries,
  events,
  media,
  mpAudits,
  mpAuthorizations,
  mpAuthorizers,
  mpManualTemplates,
  miniProgramRolloutItems,
  miniProgramRollouts,
  onboardingLinks,
  platformInvitations,
  subMerchants,
} from '@/server/db/schema';
import { hashInvitationToken, newInvitationToken } from '@/server/services/invitations/invitation-token';
import { mediaDigest } from '@/server/services/media/media-digest';
import { hashState } from '@/server/services/mini-programs/authorization-state';
import { hashToken, newSecretToken } from '@/server/services/onboarding-links/link-token';
import { newId, randomBase62 } from '@/server/ids';
import { createConsoleTeam } from './console-team';

export async function createTenantWithResources(db: Db) {
  const team = await createConsoleTeam(db);
  const { platformId } = team;
  const subMerchantId = newId('sm');
  const applymentId = `20${randomBase62(14)}`;
  await db.insert(subMerchants).values({
    id: subMerchantId,
    platformId,
    provider: 'providerA',
    distributorExternalUserId: `seller-${randomBase62(8)}`,
    chApplymentId: applymentId,
  });
  const bytes = Buffer.from(`image of ${platformId}`);
  const mediaId = `V1_${randomBase62(24)}`;
  await db.insert(media).values({
    id: newId('med'),
    platformId,
    provider: 'providerA',
    upstreamMediaId: mediaId,
    mimeType: 'image/png',
    size: bytes.length,
    originalSize: bytes.length,
    width: 1,
    height: 1,
    contentHmac: mediaDigest(bytes),
    sealedBytes: getFieldCipher().encryptBytes(bytes),
    createdBy: 'test',
  });
  const appId = `wx${randomBase62(16).toLowerCase()}`;
  await db
    .insert(mpAuthorizers)
    .values({ platformId, provider: 'providerA', appId, tenantId: 'seller-1', nickname: `Shop of ${platformId}` });
  const auditId = newId('aud');
  await db.insert(mpAudits).values({
    auditId,
    platformId,
    provider: 'providerA',
    appId,
    upstreamAuditId: `${Date.now()}`,
    userVersion: '1.0.0',
  });
  const templateId = newId('mpt');
  await db
    .insert(mpManualTemplates)
    .values({ id: templateId, platformId, provider: 'providerA', templateId: '101', userVersion: '1.0.0' });
  const eventId = newId('evt');
  await db
    .insert(events)
    .values({ id: eventId, platformId, type: 'sub_merchant.updated', data: { id: subMerchantId } });
  const deliveryId = newId('whd');
  await db
    .insert(eventDeliveries)
    .values({ id: deliveryId, eventId, platformId, url: 'https://hooks.example.com/a', status: 'failed' });
  // An authorization in progress: only the state's hash is stored, the seller's redirect carries the state.
  const state = randomBase62(32);
  await db.insert(mpAuthorizations).values({
    stateHash: hashState(state),
    platformId,
    provider: 'providerA',
    redirectUri: 'https://seller.example.com/done',
    authUrl: 'https://example.com/authorize',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  // A pending invitation to the platform (only its token's hash is stored).
  const invitationId = newId('inv');
  await db.insert(platformInvitations).values({
    id: invitationId,
    platformId,
    email: `invitee-${randomBase62(8).toLowerCase()}@example.com`,
    role: 'admin',
    tokenHash: hashInvitationToken(newInvitationToken()),
    invitedBy: team.ids.admin,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  // A hosted onboarding link for the record (only its token's hash is stored).
  const onboardingLinkId = newId('obl');
  await db.insert(onboardingLinks).values({
    id: onboardingLinkId,
    platformId,
    subMerchantId,
    tokenHash: hashToken(newSecretToken()),
    createdBy: 'test',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  // A paused rollout of the authorizer (every rollout action applies to one state or another).
  const rolloutId = newId('ro');
  await db.insert(miniProgramRollouts).values({
    id: rolloutId,
    platformId,
    provider: 'providerA',
    templateId: '101',
    userVersion: '1.0.1',
    extJson: '{"extEnable":true,"extAppid":"{{appId}}","ext":{},"window":{}}',
    mode: 'commit_only',
    release: 'hold',
    state: 'paused',
    total: 1,
    createdBy: 'test',
  });
  await db.insert(miniProgramRolloutItems).values({
    id: newId('roi'),
    rolloutId,
    appId,
    extJson: `{"extEnable":true,"extAppid":"${appId}","ext":{},"window":{}}`,
  });
  return {
    ...team,
    resources: {
      subMerchantId,
      applymentId,
      mediaId,
      appId,
      auditId,
      templateId,
      eventId,
      deliveryId,
      state,
      invitationId,
      onboardingLinkId,
      rolloutId,
    },
  };
}

export type TenantWithResources = Awaited<ReturnType<typeof createTenantWithResources>>;

/** Every id a tenant owns, to check that an answer to someone else contains none of them. */
export const ownedIds = (tenant: TenantWithResources) => [
  tenant.platformId,
  tenant.apiKeyId,
  ...Object.values(tenant.ids),
  ...Object.values(tenant.resources),
];
