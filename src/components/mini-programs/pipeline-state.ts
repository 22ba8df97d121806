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
  rolledBackAt?: string;
};

/**
 * Where an authorizer stands in committed → under audit → released, from its newest commits and audits. A
 * commit newer than the newest submission is waiting to be submitted; release needs an approved, unreleased
 * newest audit (the server says the same with 409 audit_not_approved); rollback needs a release before the live one.
 */
export function pipelineState(history: { commits: CommitSummary[]; audits: AuditSummary[] }) {
  const commit = history.commits[0];
  const audit = history.audits[0];
  const awaitingSubmit = Boolean(commit && (!audit || Date.parse(commit.createdAt) > Date.parse(audit.submittedAt)));
  // The live version: the newest release not rolled back. A rollback puts the release before it live again, so
  // rolling back is offered only when such an earlier release exists.
  const releases = history.audits.filter((a) => a.releasedAt && !a.rolledBackAt);
  const released = releases[0];
  return {
    commit,
    audit,
    awaitingSubmit,
    released,
    following: audit?.status === 'pending' ? audit : undefined,
    canRelease: audit?.status === 'approved' && !audit.releasedAt,
    previousRelease: releases[1],
  };
}
