/**
 * How the sandbox's app signs, per namespace, as an ISV chooses it in Alipay's console ("接口加签方式"):
 * `public_key` (the default) or `certificate`. In certificate mode the gateway requires the app's and the root's
 * serials on every request and names its own certificate in every signed answer (docs/upstream/providerB.md A.8).
 * Switched through `PUT /sandbox/control/providerB/signing-mode`.
 */
import { z } from 'zod';
import type { SandboxStore } from '../store';

export const PROVIDER_B_SIGNING_MODES = ['public_key', 'certificate'] as const;
export type ProviderBSigningMode = (typeof PROVIDER_B_SIGNING_MODES)[number];

/** Body of `PUT /sandbox/control/providerB/signing-mode`. */
export const providerBSigningModeSchema = z.object({ mode: z.enum(PROVIDER_B_SIGNING_MODES) }).strict();

const KIND = 'providerB:signing-mode';
const ID = 'current';

export async function providerBSigningMode(store: SandboxStore): Promise<ProviderBSigningMode> {
  return (await store.get<{ mode: ProviderBSigningMode }>(KIND, ID))?.mode ?? 'public_key';
}

export async function setProviderBSigningMode(store: SandboxStore, mode: ProviderBSigningMode): Promise<void> {
  await store.put(KIND, ID, { mode });
}
