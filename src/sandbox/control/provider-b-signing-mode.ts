/**
 * The sandbox's Alipay signing mode of one platform's namespace, and the certificate files an integrator needs to
 * configure a client for it (all three are public: certificates carry no private key).
 */
import { providerBSandboxSerials } from '@/sandbox/providerB/certificates';
import {
  providerBSigningMode,
  setProviderBSigningMode,
  type ProviderBSigningMode,
} from '@/sandbox/providerB/signing-mode';
import { sandboxProviderBCertificates, type NamespacedSandbox } from '@/sandbox/sandbox-context';

export async function describeProviderBSigningMode(sandbox: NamespacedSandbox) {
  const certificates = await sandboxProviderBCertificates(sandbox.namespace);
  return {
    mode: await providerBSigningMode(sandbox.store),
    certificates,
    serials: providerBSandboxSerials(certificates),
  };
}

export async function switchProviderBSigningMode(sandbox: NamespacedSandbox, mode: ProviderBSigningMode) {
  await setProviderBSigningMode(sandbox.store, mode);
  return describeProviderBSigningMode(sandbox);
}
