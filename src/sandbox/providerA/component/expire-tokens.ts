import type { SandboxStore } from '@/sandbox/store';
import { KIND, type IssuedToken } from './state';

/**
 * Control API "token expiry": every issued token (of one authorizer, or all component and authorizer
 * tokens) now answers 42001 `access_token expired`, as after two hours upstream. Returns how many expired.
 */
export async function expireTokens(
  store: SandboxStore,
  input: { authorizerAppId?: string } = {},
): Promise<{ expired: number }> {
  let expired = 0;
  const expire = async (kind: string, tokens: IssuedToken[]) => {
    for (const token of tokens) {
      if (token.expiresAt === 0) continue;
      await store.put<IssuedToken>(kind, token.token, { ...token, expiresAt: 0 });
      expired++;
    }
  };
  const authorizerTokens = await store.list<IssuedToken>(KIND.authorizerToken);
  await expire(
    KIND.authorizerToken,
    input.authorizerAppId ? authorizerTokens.filter((t) => t.appId === input.authorizerAppId) : authorizerTokens,
  );
  if (!input.authorizerAppId) await expire(KIND.componentToken, await store.list<IssuedToken>(KIND.componentToken));
  return { expired };
}
