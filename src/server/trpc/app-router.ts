import { router } from './init';
import { apiKeysRouter } from './routers/api-keys';
import { eventsRouter } from './routers/events';
import { meRouter } from './routers/me';
import { miniProgramsRouter } from './routers/mini-programs';
import { platformConfigRouter } from './routers/platform-config';
import { subMerchantsRouter } from './routers/sub-merchants';

export const appRouter = router({
  me: meRouter,
  apiKeys: apiKeysRouter,
  platformConfig: platformConfigRouter,
  subMerchants: subMerchantsRouter,
  events: eventsRouter,
  miniPrograms: miniProgramsRouter,
});

export type AppRouter = typeof appRouter;
