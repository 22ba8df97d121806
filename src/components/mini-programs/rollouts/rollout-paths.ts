import type { Provider } from '@/domain/providers';

/** The console's addresses of the rollouts list (one provider) and of one rollout. */
export const rolloutsPath = (platformId: string, platform: Provider) =>
  `/platforms/${platformId}/mini-programs/rollouts?platform=${platform}`;
export const rolloutPath = (platformId: string, platform: Provider, id: string) =>
  `/platforms/${platformId}/mini-programs/rollouts/${encodeURIComponent(id)}?platform=${platform}`;
