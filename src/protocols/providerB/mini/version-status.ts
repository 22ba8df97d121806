import { ProtocolFormatError } from '../../protocol-error';

/** Upstream version states, exactly as documented (C.3). */
export type UpstreamVersionStatus =
  | 'INIT'
  | 'AUDITING'
  | 'AUDIT_REJECT'
  | 'WAIT_RELEASE'
  | 'BASE_AUDIT_PASS'
  | 'PROMOTE_AUDIT_REJECT'
  | 'GRAY'
  | 'RELEASE'
  | 'OFFLINE'
  | 'AUDIT_OFFLINE';

/**
 * Our reading of a version: `development` (built, never submitted or sent back), `pending` (under audit),
 * `approved` (may go online), `rejected`, `gray` (partial release), `released` (online), `offline`
 * (taken down by us, replaced, rolled back, or forced by Alipay).
 */
export type MiniVersionStatus =
  'development' | 'pending' | 'approved' | 'rejected' | 'gray' | 'released' | 'offline' | 'unknown';

export function miniVersionStatus(upstream: string | undefined, canRelease?: boolean): MiniVersionStatus {
  switch (upstream) {
    case 'INIT':
      return 'development';
    case 'AUDITING':
      return 'pending';
    case 'AUDIT_REJECT':
      return 'rejected';
    case 'WAIT_RELEASE':
    case 'BASE_AUDIT_PASS':
      return 'approved';
    // Split review: admission passed but marketing rejected; `can_release` says whether it may still go online.
    case 'PROMOTE_AUDIT_REJECT':
      return canRelease === false ? 'rejected' : 'approved';
    case 'GRAY':
      return 'gray';
    case 'RELEASE':
      return 'released';
    case 'OFFLINE':
    case 'AUDIT_OFFLINE':
      return 'offline';
    default:
      return 'unknown';
  }
}

/** The service's audit status (docs/product/service.md: pending → approved | rejected); undefined before any submission. */
export function miniAuditOutcome(status: MiniVersionStatus): 'pending' | 'approved' | 'rejected' | undefined {
  if (status === 'pending' || status === 'rejected') return status;
  if (status === 'approved' || status === 'gray' || status === 'released' || status === 'offline') return 'approved';
  return undefined;
}

/** States from which `alipay.open.mini.version.online` is allowed (C.3). */
export const RELEASABLE_UPSTREAM_STATUSES: readonly string[] = ['WAIT_RELEASE', 'GRAY', 'BASE_AUDIT_PASS'];

/**
 * Alipay has no audit id: a version is what gets audited. Our auditId is `<authAppId>:<appVersion>`, so
 * the sandbox control API, the audit messages (which carry `mini_app_id` + `mini_app_version`) and the
 * service all derive the same id without a lookup. A version audited twice (after being sent back to
 * development) keeps its id: the id names the version, the latest round is what it reports.
 */
export function miniAuditId(authAppId: string, appVersion: string): string {
  return `${authAppId}:${appVersion}`;
}

export function parseMiniAuditId(auditId: string): { authAppId: string; appVersion: string } {
  const match = /^(\d{6,32}):(\d+\.\d+\.\d+)$/.exec(auditId);
  if (!match) throw new ProtocolFormatError('A providerB auditId looks like <authAppId>:<x.y.z>.');
  return { authAppId: match[1]!, appVersion: match[2]! };
}

export const APP_VERSION_PATTERN = /^\d+\.\d+\.\d+$/;

/** Numeric x.y.z comparison (C.2: a new version must be greater than the latest one). */
export function compareAppVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
