/**
 * The shapes shared by the upstream-call table (upstream-calls.ts, upstream-mini-program-calls.ts): what a
 * row is, what it gets to drive the service, and the Alipay `method=` matcher.
 */
import type { Db } from '@/server/db';
import type { miniProgramApi } from './mini-programs';
import type { paymentsApi } from './sub-merchants';

import type { Provider } from '@/domain/providers';

export type { Provider };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are asserted field by field
export type Answer = { status: number; body: Record<string, any> };
type Control = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> | null }>;
export type Harness = {
  db: Db;
  platformId: string;
  apiKey: string;
  control: Control;
  payments: ReturnType<typeof paymentsApi>;
  mini: ReturnType<typeof miniProgramApi>;
  appIds: Record<Provider, string>;
  /** A record per provider whose application is under review (for status queries). */
  underReview: Record<Provider, string>;
};
export type State = Record<string, string>;

export type UpstreamCall = {
  name: string;
  provider: Provider;
  match: string;
  /** Which token the call carries: an expired-token fault must be healed by a refresh. */
  token?: 'component' | 'authorizer' | 'app_auth';
  /** Signed answers (WeChat Pay APIv3, the Alipay gateway) can be tampered with. */
  signed: boolean;
  prepare?: (h: Harness) => Promise<State>;
  run: (h: Harness, state: State) => Promise<Answer>;
  /**
   * What the repeat answers when the upstream acted but its answer was lost (tampered, held past the
   * timeout), where that cannot be a success; `why` says why, and docs/reliability.md ("Known limits") lists them.
   */
  answerLostUpstreamActed?: { status: number; code: string; why: string };
};

let serial = 0;
/** A number no earlier case used (versions, member names, image colours). */
export const nextSerial = () => ++serial;

/** The Alipay gateway names the method in the query string: `method=<name>&` matches that call only. */
export const bMethod = (method: string) => `method=${method}&`;
