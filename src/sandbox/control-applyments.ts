/** The control API's view of both providers' applications, in our state names. */
import { z } from 'zod';
import { AppError } from '@/server/errors';
import { listApplyments, setApplymentState } from './providerA/pay/control';
import { namespaceKeys, type NamespacedSandbox } from './sandbox-context';
import { listZftOrders, setZftOrderState } from './providerB/zft/zft-control';
import { buildZftResultNotification } from './providerB/zft/zft-notification';
import { pushToService } from './push-to-service';
import type { SandboxStore } from './store';

export const applymentControlSchema = z
  .object({
    state: z.enum(['auditing', 'to_be_confirmed', 'to_be_signed', 'signing', 'finished', 'rejected', 'canceled']),
    rejectReasons: z
      .array(z.object({ field: z.string().min(1).max(100), reason: z.string().min(1).max(500) }).strict())
      .max(50)
      .optional(),
  })
  .strict();

export const sandboxProviders = ['providerA', 'providerB'] as const;
export type SandboxProvider = (typeof sandboxProviders)[number];

export function parseSandboxProvider(value: string): SandboxProvider {
  if ((sandboxProviders as readonly string[]).includes(value)) return value as SandboxProvider;
  throw new AppError('not_found', `Unknown provider "${value}".`);
}

/**
 * Moves an application as the upstream's reviewers would. Alipay then pushes its signed result message for
 * passed/rejected orders (WeChat has no applyment notifications: the service polls).
 */
export async function moveApplyment(
  sandbox: NamespacedSandbox,
  provider: SandboxProvider,
  applymentId: string,
  change: z.infer<typeof applymentControlSchema>,
) {
  const { store } = sandbox;
  try {
    if (provider === 'providerA') return await setApplymentState(store, applymentId, change);
    const moved = await setZftOrderState(store, applymentId, change);
    if (change.state === 'finished' || change.state === 'rejected') {
      const message = await buildZftResultNotification(store, applymentId, {
        keys: (await namespaceKeys(sandbox.namespace)).providerB,
      });
      await pushToService('/callbacks/providerB', { body: message.body, contentType: message.contentType });
    }
    return moved;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('not_found', (error as Error).message);
  }
}

export const listSandboxApplyments = (store: SandboxStore, provider: SandboxProvider) =>
  provider === 'providerA' ? listApplyments(store) : listZftOrders(store);
