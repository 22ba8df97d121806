import { getEnv } from '@/env';
import { getDb } from '@/server/db';
import { AppError } from '@/server/errors';
import { createDbSandboxStore } from './db-store';
import { isSandboxNamespace, namespacedStore, sandboxNamespace } from './namespace';
import { loadOrCreateInstanceKeys, type SandboxInstanceKeys } from './instance-keys';
import { createProviderAComponentSandboxConfig } from './providerA/component/config';
import { loadOrCreateProviderBCertificates, type ProviderBSandboxCertificates } from './providerB/certificates';
import type { SandboxStore } from './store';

let context: ReturnType<typeof build> | undefined;

function build() {
  return {
    /** Un-namespaced: only the state shared by every namespace (sandbox/namespace.ts) is read through it. */
    store: createDbSandboxStore(getDb),
  };
}

let keys: Promise<SandboxInstanceKeys> | undefined;

/** This installation's sandbox keys and secrets (src/sandbox/instance-keys.ts), read once a process. */
export function sandboxKeys(): Promise<SandboxInstanceKeys> {
  keys ??= loadOrCreateInstanceKeys(sandboxContext().store).catch((error: unknown) => {
    keys = undefined;
    throw error;
  });
  return keys;
}

let providerBCertificates: Promise<ProviderBSandboxCertificates> | undefined;

/** The Alipay sandbox's certificate-mode files (src/sandbox/providerB/certificates.ts), read once a process. */
export function sandboxProviderBCertificates(): Promise<ProviderBSandboxCertificates> {
  providerBCertificates ??= sandboxKeys()
    .then((all) => loadOrCreateProviderBCertificates(sandboxContext().store, all.providerB))
    .catch((error: unknown) => {
      providerBCertificates = undefined;
      throw error;
    });
  return providerBCertificates;
}

/** The WeChat component emulator's configuration over this installation's component credentials. */
export const providerAComponentSandboxConfig = async () =>
  createProviderAComponentSandboxConfig((await sandboxKeys()).providerAComponent);

/** The sandbox exists only in sandbox mode; in live mode every /sandbox path is a 404. */
export function sandboxContext() {
  if (getEnv().UPSTREAM_MODE !== 'sandbox')
    throw new AppError('not_found', 'The sandbox is only available with UPSTREAM_MODE=sandbox.');
  context ??= build();
  return context;
}

/** One namespace of the sandbox: its own objects (`store`) and the instance-wide ones (`shared`). */
export type NamespacedSandbox = {
  namespace: string;
  store: SandboxStore;
  shared: SandboxStore;
};

export function namespacedSandbox(namespace: string): NamespacedSandbox {
  const base = sandboxContext();
  return { ...base, namespace, shared: base.store, store: namespacedStore(base.store, namespace) };
}

/** The platform's test-mode sandbox: what its adapters reach, and all its control calls may see or move. */
export const platformSandbox = (platformId: string) => namespacedSandbox(sandboxNamespace(platformId));

type RouteParams = { params?: Promise<Record<string, string | string[] | undefined>> };

/**
 * Wraps an upstream emulator route below `/sandbox/t/[ns]/…`: a plain 404 outside sandbox mode or for a
 * malformed namespace, as if the host did not exist.
 */
export function sandboxRoute(handler: (request: Request, ctx: NamespacedSandbox) => Promise<Response>) {
  return async (request: Request, route?: RouteParams) => {
    const ns = (await route?.params)?.ns;
    let ctx: NamespacedSandbox;
    try {
      if (!isSandboxNamespace(ns)) throw new AppError('not_found', 'No such sandbox.');
      ctx = namespacedSandbox(ns);
    } catch {
      return new Response('Not Found', { status: 404 });
    }
    try {
      return await handler(request, ctx);
    } catch (error) {
      // A malformed link or form is the caller's mistake: the upstream's pages answer it with a plain 4xx.
      if (error instanceof AppError && error.status < 500) {
        return new Response(error.message, {
          status: error.status,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
      }
      throw error;
    }
  };
}
