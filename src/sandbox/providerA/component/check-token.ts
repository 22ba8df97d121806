import type { SandboxStore } from '@/sandbox/store';
import { wxError } from './respond';
import { KIND, type Authorizer, type IssuedToken } from './state';

/**
 * The upstream's token errors (C.11): no token → 41001, unknown (or a token of the other kind) → 40001,
 * known but expired → 42001. Component routes accept the token as `component_access_token` or
 * `access_token` (the docs use both, C.4).
 */
async function checkToken(
  store: SandboxStore,
  kind: string,
  token: string | null,
  now: number,
): Promise<IssuedToken | Response> {
  if (!token) return wxError(41001);
  const issued = await store.get<IssuedToken>(kind, token);
  if (!issued) return wxError(40001);
  if (issued.expiresAt <= now) return wxError(42001);
  return issued;
}

export async function checkComponentToken(store: SandboxStore, url: URL, now: number): Promise<Response | undefined> {
  const token = url.searchParams.get('component_access_token') ?? url.searchParams.get('access_token');
  const result = await checkToken(store, KIND.componentToken, token, now);
  return result instanceof Response ? result : undefined;
}

/** An authorizer token must belong to a currently authorized account holding `permission` (61007 otherwise). */
export async function checkAuthorizerToken(
  store: SandboxStore,
  url: URL,
  now: number,
  permission?: number,
): Promise<Authorizer | Response> {
  const result = await checkToken(store, KIND.authorizerToken, url.searchParams.get('access_token'), now);
  if (result instanceof Response) return result;
  const authorizer = await store.get<Authorizer>(KIND.authorizer, result.appId ?? '');
  if (!authorizer || authorizer.status !== 'authorized') return wxError(40001);
  if (permission !== undefined && !authorizer.funcInfo.includes(permission)) return wxError(61007);
  return authorizer;
}
