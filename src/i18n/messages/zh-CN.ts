import { coreZhCN } from './core.zh-CN';
import type { MessageKey } from './en';
import { invitationsZhCN } from './invitations.zh-CN';
import { miniProgramsZhCN } from './mini-programs.zh-CN';
import { rolloutsZhCN } from './rollouts.zh-CN';
import { onboardingZhCN } from './onboarding.zh-CN';
import { subMerchantsZhCN } from './sub-merchants.zh-CN';
import { settingsZhCN } from './settings.zh-CN';
import { wizardZhCN } from './wizard.zh-CN';
import { workQueueZhCN } from './work-queue.zh-CN';

/** 全部控制台文案（简体中文，默认语言）。 */
export const zhCN: Record<MessageKey, string> = {
  ...coreZhCN,
  ...subMerchantsZhCN,
  ...miniProgramsZhCN,
  ...settingsZhCN,
  ...invitationsZhCN,
  ...wizardZhCN,
  ...workQueueZhCN,
  ...rolloutsZhCN,
  ...onboardingZhCN,
};
