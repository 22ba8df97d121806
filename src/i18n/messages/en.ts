import { coreEn } from './core.en';
import { invitationsEn } from './invitations.en';
import { miniProgramsEn } from './mini-programs.en';
import { rolloutsEn } from './rollouts.en';
import { onboardingEn } from './onboarding.en';
import { subMerchantsEn } from './sub-merchants.en';
import { settingsEn } from './settings.en';
import { wizardEn } from './wizard.en';
import { workQueueEn } from './work-queue.en';

/** Every English console string; each area owns its own file so screens evolve independently. */
export const en = {
  ...coreEn,
  ...subMerchantsEn,
  ...miniProgramsEn,
  ...settingsEn,
  ...invitationsEn,
  ...wizardEn,
  ...workQueueEn,
  ...rolloutsEn,
  ...onboardingEn,
};
export type MessageKey = keyof typeof en;
