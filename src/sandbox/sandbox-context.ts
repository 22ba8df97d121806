import { getEnv } from '@/env';
import { getDb } from '@/server/db';
import { AppError } from '@/server/errors';
import { createDbSandboxStore } from './db-store';
import { isSandboxNamespace, sandboxNamespace } from '@/server/config/sandbox-namespace';
import { namespacedStore } from './namespace';
import {
  loadOrCreateNamespaceKeys,
  namespaceKeysOfApp,
  readNamespaceKeys,
  type SandboxNamespaceKeys,
} from './instance-keys';
import { createProviderAComponentSandboxConfig } from './providerA/component/config';
import { buildPush, issueVerifyTicket } from './providerA/component/push';
import { deliverComponentPush } from './mini-program-pushes';
import { loadOrCreateProviderBCertificates, type ProviderBSandboxCertificates } from './providerB/certificates';
import type { SandboxStore } from './store';

let context: ReturnType<typeof build> | undefined;

function build() {
  return {
    /** Un-namespaced: only the state shared by every namespace (sandbox/namespace.ts) is read through it. */
    store: createDbSandboxStore(getDb),
  };
}

const keysByNamespace = new Map<string, Promise<SandboxNamespaceKeys>>();

/** Cached once found: a namespace's credentials never change once stored. */
function cachedKeys(namespace: string, load: () => Promise<SandboxNamespaceKeys | undefined>) {
  let pending = keysByNamespace.get(namespace);
  if (!pending) {
    pending = load().then((found) => {
      if (!found) throw new AppError('not_found', 'No such sandbox.');
      return found;
    });
    keysByNamespace.set(namespace, pending);
    pending.catch(() => keysByNamespace.delete(namespace));
  }
  return pending;
}

/** The platform's sandbox credentials (src/sandbox/instance-keys.ts), made on first use, read once a process. */
export function sandboxKeys(platformId: string): Promise<SandboxNamespaceKeys> {
  const namespace = sandboxNamespace(platformId);
  return cachedKeys(namespace, () => loadOrCreateNamespaceKeys(sandboxContext().store, namespace, platformId));
}

/**
 * The credentials of a namespace reached by URL (an emulator route): never created here, so a made-up namespace
 * is a 404 and costs no key generation.
 */
export function namespaceKeys(namespace: string): Promise<SandboxNamespaceKeys> {
  return cachedKeys(namespace, () => readNamespaceKeys(sandboxContext().store, namespace));
}

/** The credentials of the platform a push names by its component appid or Alipay app id, if any platform has it. */
export async function sandboxKeysOfApp(provider: 'providerA' | 'providerB', appId: string) {
  return namespaceKeysOfApp(sandboxContext().store, provider, appId);
}

/** The Alipay sandbox's certificate-mode files of a namespace (src/sandbox/providerB/certificates.ts). */
export async function sandboxProviderBCertificates(namespace: string): Promise<ProviderBSandboxCertificates> {
  const keys = await namespaceKeys(namespace);
  return loadOrCreateProviderBCertificates(namespacedSandbox(namespace).store, keys.providerB);
}

/** The WeChat component emulator's configuration over a namespace's component credentials. */
export const providerAComponentSandboxConfig = async (namespace: string) =>
  createProviderAComponentSandboxConfig((await namespaceKeys(namespace)).providerAComponent);

/**
 * WeChat pushes a fresh component_verify_ticket every ten minutes; the sandbox does the same (and on demand), from
 * the namespace's own component to the service.
 */
export async function pushVerifyTicket(sandbox: NamespacedSandbox) {
  const config = await providerAComponentSandboxConfig(sandbox.namespace);
  return deliverComponentPush(buildPush(config, await issueVerifyTicket(sandbox.store, config)));
}

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

/** The platform's sandbox once its credentials exist (made on first use): what control calls act on. */
export async function platformSandboxWithKeys(platformId: string): Promise<NamespacedSandbox> {
  const sandbox = platformSandbox(platformId);
  await sandboxKeys(platformId);
  return sandbox;
}

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
