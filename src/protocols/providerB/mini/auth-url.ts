import { ProtocolFormatError } from '../../protocol-error';

/**
 * B.1 offers two merchant-authorization links. `tasks` ("指定应用授权", bizData JSON) is the one that can
 * authorise a specific mini-program app, which the mini-program APIs require, and it carries `state`
 * inside the JSON (echoed on the redirect). `legacy` is the older `appToAppAuth.htm?app_id&redirect_uri`
 * link, kept for ISV apps configured that way; whether it echoes `state` is unconfirmed.
 */
export type AppAuthLinkStyle = 'tasks' | 'legacy';

export const LIVE_AUTH_BASE_URLS: Record<AppAuthLinkStyle, string> = {
  tasks: 'https://b.alipay.com/page/message/tasksDetail',
  legacy: 'https://openauth.alipay.com/oauth2/appToAppAuth.htm',
};

/** Merchant app types offered on the page; the merchant must own one of them (B.1 b). */
export const DEFAULT_AUTH_APP_TYPES = ['TINYAPP'];

export interface AppAuthUrlInput {
  /** ISV (third-party) app id. */
  appId: string;
  redirectUri: string;
  state?: string;
  appTypes?: string[];
}

export function buildAppAuthUrl(
  input: AppAuthUrlInput,
  options: { style?: AppAuthLinkStyle; authBaseUrl?: string } = {},
): string {
  const style = options.style ?? 'tasks';
  const url = new URL(options.authBaseUrl ?? LIVE_AUTH_BASE_URLS[style]);
  if (style === 'legacy') {
    url.searchParams.set('app_id', input.appId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    if (input.state) url.searchParams.set('state', input.state);
    return url.toString();
  }
  const bizData = {
    platformCode: 'O',
    taskType: 'INTERFACE_AUTH',
    agentOpParam: {
      redirectUri: input.redirectUri,
      appTypes: input.appTypes ?? DEFAULT_AUTH_APP_TYPES,
      isvAppId: input.appId,
      ...(input.state ? { state: input.state } : {}),
    },
  };
  url.searchParams.set('bizData', JSON.stringify(bizData));
  return url.toString();
}

export interface ParsedAppAuthUrl {
  isvAppId: string;
  redirectUri: string;
  state?: string;
  appTypes: string[];
}

/** Inverse of buildAppAuthUrl for either style (the sandbox's authorize page reads links this way). */
export function parseAppAuthUrl(link: string): ParsedAppAuthUrl {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw new ProtocolFormatError('The authorization link is not a URL.');
  }
  const bizData = url.searchParams.get('bizData');
  if (bizData !== null) {
    let op: Record<string, unknown> | undefined;
    try {
      op = (JSON.parse(bizData) as { agentOpParam?: Record<string, unknown> }).agentOpParam;
    } catch {
      // reported below
    }
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    const isvAppId = text(op?.isvAppId);
    const redirectUri = text(op?.redirectUri);
    if (!isvAppId || !redirectUri)
      throw new ProtocolFormatError('The authorization link has no isvAppId/redirectUri in bizData.');
    const appTypes = Array.isArray(op?.appTypes) ? op.appTypes.filter((t): t is string => typeof t === 'string') : [];
    return { isvAppId, redirectUri, state: text(op?.state), appTypes };
  }
  const isvAppId = url.searchParams.get('app_id');
  const redirectUri = url.searchParams.get('redirect_uri');
  if (!isvAppId || !redirectUri) throw new ProtocolFormatError('The authorization link has no app_id/redirect_uri.');
  const appTypes = url.searchParams.get('application_type')?.split(',').filter(Boolean) ?? [];
  return { isvAppId, redirectUri, state: url.searchParams.get('state') ?? undefined, appTypes };
}
