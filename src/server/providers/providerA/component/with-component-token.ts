import { TokenExpiredError } from './wx-errors';

export type ComponentTokenProvider = (opts?: { invalidToken?: string }) => Promise<string>;

/**
 * Runs a call with the component token; if the upstream refuses the token (40001/40014/42001), fetches a
 * new one and retries exactly once, as WxJava does (C.11).
 */
export async function withComponentToken<T>(
  getToken: ComponentTokenProvider,
  call: (token: string) => Promise<T>,
): Promise<T> {
  const token = await getToken();
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof TokenExpiredError) || error.tokenKind !== 'component') throw error;
    return call(await getToken({ invalidToken: token }));
  }
}
