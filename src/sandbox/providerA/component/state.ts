import { randomBytes } from 'node:crypto';
import type { PlannedAuditDecision } from '@/sandbox/audit-policy';
import type { SandboxStore } from '@/sandbox/store';

/** Every emulator object lives in the SandboxStore under these kinds (one JSON document per id). */
export const KIND = {
  ticket: 'providerA.component.ticket',
  componentToken: 'providerA.component.componentToken',
  preAuthCode: 'providerA.component.preAuthCode',
  authCode: 'providerA.component.authCode',
  authorizer: 'providerA.component.authorizer',
  authorizerToken: 'providerA.component.authorizerToken',
  template: 'providerA.component.template',
  code: 'providerA.component.code',
  audit: 'providerA.component.audit',
  counter: 'providerA.component.counter',
} as const;

/** Times are epoch milliseconds. */
export type Ticket = { ticket: string; expiresAt: number };
export type IssuedToken = { token: string; expiresAt: number; appId?: string };
export type PreAuthCode = { code: string; expiresAt: number; usedAt?: number };
export type AuthCode = {
  code: string;
  authorizerAppId: string;
  preAuthCode: string;
  expiresAt: number;
  usedAt?: number;
};

export type Authorizer = {
  appId: string;
  /** Original id `gh_…`: the ToUserName of audit pushes. */
  userName: string;
  nickname: string;
  principalName: string;
  headImg: string;
  funcInfo: number[];
  refreshToken: string;
  status: 'authorized' | 'unauthorized';
  authorizedAt: number;
  updatedAt: number;
};

export type Template = {
  templateId: number;
  userVersion: string;
  userDesc: string;
  createTime: number;
  templateType: 0 | 1;
  draftId: number;
  pages: string[];
};

export type Release = {
  appVersion: number;
  auditId: string;
  userVersion: string;
  userDesc: string;
  releaseTime: number;
};

export type CodeState = {
  appId: string;
  /** Each commit bumps `seq`; an audit approved for an older seq can no longer be released (85020). */
  experience?: {
    seq: number;
    templateId: number;
    userVersion: string;
    userDesc: string;
    extJson: string;
    pages: string[];
    expTime: number;
  };
  latestAuditId?: string;
  online?: Release;
  /** The latest phased release, if any (a finished or revoked one stays until the next). */
  gray?: GrayPlan;
  /** Earlier releases, newest first, at most 5 (D.8). */
  history: Release[];
  /** Right after a rollback, another rollback is refused (87012). */
  rolledBack: boolean;
  nextAppVersion: number;
  testers: { wechatId: string; userStr: string }[];
  undo: { day: string; dayCount: number; month: string; monthCount: number };
};

/** status: 0 approved, 1 rejected, 2 auditing, 3 withdrawn, 4 delayed (D.7). */
export type Audit = {
  auditId: string;
  appId: string;
  status: 0 | 1 | 2 | 3 | 4;
  reason?: string;
  screenshot?: string;
  templateId: number;
  experienceSeq: number;
  userVersion: string;
  userDesc: string;
  submitTime: number;
  releasedAt?: number;
  /** What the submit declared for the reviewer (D.6), kept as received. */
  declared?: { ugc_declare?: unknown; preview_info?: unknown; order_path?: unknown };
  /** The automatic decision the namespace's audit policy planned for it (src/sandbox/audit-policy.ts). */
  auto?: PlannedAuditDecision;
};

/**
 * A phased ("gray") release of an approved audit (`/wxa/grayrelease`): status 1 running, 3 finished (full
 * release), 4 revoked — as `getgrayreleaseplan` reports it.
 */
export type GrayPlan = {
  auditId: string;
  status: 1 | 3 | 4;
  grayPercentage: number;
  supportExperiencerFirst: boolean;
  supportDebugerFirst: boolean;
  createTimestamp: number;
};

export const randomToken = (bytes = 48) => randomBytes(bytes).toString('base64url');
export const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

export async function loadCode(store: SandboxStore, appId: string): Promise<CodeState> {
  return (
    (await store.get<CodeState>(KIND.code, appId)) ?? {
      appId,
      history: [],
      rolledBack: false,
      nextAppVersion: 1,
      testers: [],
      undo: { day: '', dayCount: 0, month: '', monthCount: 0 },
    }
  );
}

const SEED_TEMPLATES: Template[] = [
  {
    templateId: 1,
    userVersion: 'V1.0.0',
    userDesc: 'Sandbox storefront',
    createTime: 1_767_225_600,
    templateType: 0,
    draftId: 11,
    pages: ['pages/index/index', 'pages/goods/detail', 'pages/cart/cart'],
  },
  {
    templateId: 2,
    userVersion: 'V1.1.0',
    userDesc: 'Sandbox storefront with member center',
    createTime: 1_769_904_000,
    templateType: 0,
    draftId: 12,
    pages: ['pages/index/index', 'pages/goods/detail', 'pages/cart/cart', 'pages/member/center'],
  },
];

/** The template library, seeded with two templates the first time it is read. */
export async function listTemplates(store: SandboxStore): Promise<Template[]> {
  const existing = await store.list<Template>(KIND.template);
  if (existing.length > 0) return existing.sort((a, b) => a.templateId - b.templateId);
  for (const template of SEED_TEMPLATES) await store.put(KIND.template, String(template.templateId), template);
  return SEED_TEMPLATES.map((t) => ({ ...t }));
}

export async function findTemplate(store: SandboxStore, templateId: number): Promise<Template | undefined> {
  return (await listTemplates(store)).find((t) => t.templateId === templateId);
}
