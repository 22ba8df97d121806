/**
 * The decrypted pushes the component receives (docs/upstream/providerA.md C.3, C.10, D.11), as typed events. Shared by the
 * parser (client side) and the sandbox's push builder, so what the emulator sends is what the app reads.
 */
export type VerifyTicketEvent = {
  type: 'component_verify_ticket';
  componentAppId: string;
  createTime: number;
  ticket: string;
};

export type AuthorizationGrantEvent = {
  type: 'authorized' | 'updateauthorized';
  componentAppId: string;
  createTime: number;
  authorizerAppId: string;
  authorizationCode: string;
  /** Documented only as "expiry, unit: seconds"; observed as an absolute unix time (kept as sent). */
  authorizationCodeExpiredTime: number;
  preAuthCode: string;
};

export type AuthorizationRevokedEvent = {
  type: 'unauthorized';
  componentAppId: string;
  createTime: number;
  authorizerAppId: string;
};

type AuditEventBase = {
  /** The mini program's original id (`gh_…`); the event carries no auditid (D.11). */
  toUserName: string;
  fromUserName: string;
  createTime: number;
};

export type AuditSuccessEvent = AuditEventBase & { type: 'weapp_audit_success'; succTime: number };
export type AuditFailEvent = AuditEventBase & {
  type: 'weapp_audit_fail';
  failTime: number;
  /** The reviewer's text; may contain `<br>` markup. */
  reason: string;
  /** Screenshot media ids (the `|`-separated `ScreenShot`). */
  screenshots: string[];
};
export type AuditDelayEvent = AuditEventBase & { type: 'weapp_audit_delay'; delayTime: number; reason?: string };

/** A push of a kind this service does not act on (other InfoTypes/Events): acknowledge it and move on. */
export type IgnoredPushEvent = { type: 'ignored'; name: string; createTime?: number };

export type ComponentPushEvent =
  | VerifyTicketEvent
  | AuthorizationGrantEvent
  | AuthorizationRevokedEvent
  | AuditSuccessEvent
  | AuditFailEvent
  | AuditDelayEvent;

export type ParsedPushEvent = ComponentPushEvent | IgnoredPushEvent;

/** Which of the two push URLs (C.1) an event is delivered to. */
export function pushTarget(event: ComponentPushEvent): 'authorization' | 'message' {
  return event.type.startsWith('weapp_audit_') ? 'message' : 'authorization';
}
