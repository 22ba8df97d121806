/**
 * The sandbox is a per-platform test mode: each platform's adapters reach the emulators through an opaque
 * path segment of their own (`/sandbox/t/<namespace>/providerA/pay/…`), and every object the emulators create
 * is kept under the namespace of the URL it arrived on. WeChat's own sandbox was a path prefix
 * (`/sandboxnew/`), so this is a base-URL difference and the signed paths stay consistent.
 */
import { AppError } from '@/server/errors';
import { KIND as PROVIDER_A_KIND } from './providerA/component/state';
import { MINI_KINDS } from './providerB/mini/mini-store';
import type { SandboxStore } from './store';

/**
 * State the emulator keeps once for every namespace: the template libraries (read-only samples). The verify
 * ticket and the component access token belong to each namespace's own component (src/sandbox/instance-keys.ts).
 */
const sharedKinds = new Set<string>([PROVIDER_A_KIND.template, MINI_KINDS.template]);

/** The emulators' view of one namespace: every kind but the shared ones lives under `t/<namespace>/`. */
export function namespacedStore(shared: SandboxStore, namespace: string): SandboxStore {
  const scoped = (kind: string) => (sharedKinds.has(kind) ? kind : `t/${namespace}/${kind}`);
  return {
    get: (kind, id) => shared.get(scoped(kind), id),
    put: (kind, id, value) => shared.put(scoped(kind), id, value),
    list: (kind) => shared.list(scoped(kind)),
    create: (kind, id, value) => shared.create(scoped(kind), id, value),
  };
}

const appIdOwnerKind = 'sandbox:authorizer-namespace';

/**
 * A mini program's app id belongs to the first namespace that authorizes it. The upstream's pushes name only
 * the app id (audit results, authorization changes) and the service applies them by app id, so two namespaces
 * holding the same app would let one platform's reviewer decisions land on another platform's audits.
 */
export async function assertAuthorizerAppIdFree(
  shared: SandboxStore,
  namespace: string,
  provider: string,
  appId: string | undefined,
) {
  if (!appId) return undefined;
  const owner = await shared.get<{ namespace: string }>(appIdOwnerKind, `${provider}:${appId}`);
  if (owner && owner.namespace !== namespace)
    throw new AppError('conflict', 'This app id is authorized to another platform in the sandbox; use another one.');
  return owner;
}

export async function claimAuthorizerAppId(shared: SandboxStore, namespace: string, provider: string, appId: string) {
  if (!(await assertAuthorizerAppIdFree(shared, namespace, provider, appId)))
    await shared.put(appIdOwnerKind, `${provider}:${appId}`, { namespace });
}
