import { describe, expect, it } from 'vitest';
import { pipelineState, type AuditSummary, type CommitSummary } from '@/components/mini-programs/pipeline-state';

const commit = (v: string, at: string): CommitSummary => ({
  id: `mpc_${v}`,
  templateId: '1',
  userVersion: v,
  userDesc: '',
  createdAt: at,
});
const audit = (v: string, at: string, status: AuditSummary['status'], releasedAt?: string): AuditSummary => ({
  auditId: `a-${v}`,
  userVersion: v,
  status,
  delayed: false,
  submittedAt: at,
  ...(releasedAt ? { releasedAt } : {}),
});

describe('pipelineState', () => {
  it('is empty before anything is committed', () => {
    expect(pipelineState({ commits: [], audits: [] })).toMatchObject({
      commit: undefined,
      audit: undefined,
      awaitingSubmit: false,
      canRelease: false,
      following: undefined,
    });
  });

  it('waits for submission after a commit, follows a pending audit, offers release once approved', () => {
    const c = commit('1.0.0', '2024-01-01T00:00:00Z');
    expect(pipelineState({ commits: [c], audits: [] })).toMatchObject({ awaitingSubmit: true, canRelease: false });
    const pending = audit('1.0.0', '2024-01-01T00:01:00Z', 'pending');
    expect(pipelineState({ commits: [c], audits: [pending] })).toMatchObject({
      awaitingSubmit: false,
      following: pending,
      canRelease: false,
    });
    const approved = { ...pending, status: 'approved' as const };
    expect(pipelineState({ commits: [c], audits: [approved] })).toMatchObject({
      following: undefined,
      canRelease: true,
      released: undefined,
    });
    const done = { ...approved, releasedAt: '2024-01-02T00:00:00Z' };
    expect(pipelineState({ commits: [c], audits: [done] })).toMatchObject({ canRelease: false, released: done });
  });

  it('a newer commit waits for submission while the last release stays visible; a rejection blocks release', () => {
    const old = audit('1.0.0', '2024-01-01T00:01:00Z', 'approved', '2024-01-01T00:02:00Z');
    const state = pipelineState({ commits: [commit('1.1.0', '2024-02-01T00:00:00Z')], audits: [old] });
    expect(state).toMatchObject({ awaitingSubmit: true, released: old, canRelease: false });
    const rejected = audit('1.1.0', '2024-02-01T00:01:00Z', 'rejected');
    expect(
      pipelineState({ commits: [commit('1.1.0', '2024-02-01T00:00:00Z')], audits: [rejected, old] }),
    ).toMatchObject({ canRelease: false, released: old, audit: rejected });
  });
});
