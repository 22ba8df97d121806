/** The shapes of sellerAuthorization.authorizerAudits as they arrive over tRPC (undefined fields omitted). */
export type CommitSummary = {
  id: string;
  templateId: string;
  userVersion: string;
  userDesc: string;
  createdAt: string;
};
export type AuditSummary = {
  auditId: string;
  userVersion: string;
  status: 'pending' | 'approved' | 'rejected';
  reason?: string;
  delayed: boolean;
  submittedAt: string;
  decidedAt?: string;
  releasedAt?: string;
};

/**
 * Where an authorizer stands in committed → under audit → released, from its newest commits and audits. A
 * commit newer than the newest submission is waiting to be submitted; release needs an approved, unreleased
 * newest audit (the server says the same with 409 audit_not_approved).
 */
export function pipelineState(history: { commits: CommitSummary[]; audits: AuditSummary[] }) {
  const commit = history.commits[0];
  const audit = history.audits[0];
  const awaitingSubmit = Boolean(commit && (!audit || Date.parse(commit.createdAt) > Date.parse(audit.submittedAt)));
  const released = history.audits.find((a) => a.releasedAt);
  return {
    commit,
    audit,
    awaitingSubmit,
    released,
    following: audit?.status === 'pending' ? audit : undefined,
    canRelease: audit?.status === 'approved' && !audit.releasedAt,
  };
}
