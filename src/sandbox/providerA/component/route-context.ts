import type { SandboxStore } from '@/sandbox/store';
import type { BuiltPush } from './push';
import type { ProviderAComponentSandboxConfig } from './config';
import type { Authorizer } from './state';

export type ProviderAComponentEmulatorContext = {
  store: SandboxStore;
  config: ProviderAComponentSandboxConfig;
  now?: () => Date;
  /** Where the sandbox is reachable from a browser (the experience QR code points here). */
  publicBaseUrl: string;
  /** Delivers a push (ticket on api_start_push_ticket) to the app's inbound endpoint; optional. */
  deliverPush?: (push: BuiltPush) => Promise<void>;
  /** Fault injection: a Response returned here is sent instead of handling the request. */
  fault?: (request: Request) => Response | undefined | Promise<Response | undefined>;
};

/** What a route handler gets: the parsed request plus the authenticated caller, when the route needs one. */
export type RouteContext = {
  store: SandboxStore;
  config: ProviderAComponentSandboxConfig;
  now: () => Date;
  publicBaseUrl: string;
  deliverPush?: (push: BuiltPush) => Promise<void>;
  url: URL;
  /** Parsed JSON body of a POST (an object), or {} for GET. */
  body: Record<string, unknown>;
  /** Set on authorizer-token routes. */
  authorizer?: Authorizer;
};

export type Route = {
  method: 'GET' | 'POST' | 'ANY';
  token: 'none' | 'component' | 'authorizer';
  /** Permission set required on authorizer routes (18 = development management, C.7). */
  permission?: number;
  handle(ctx: RouteContext): Promise<Response>;
};
