import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { PlannedAuditDecision } from '@/sandbox/audit-policy';
import type { SandboxStore } from '@/sandbox/store';
import type { UpstreamVersionStatus } from '@/protocols/providerB/mini/version-status';

/** Store kinds of the mini-program emulator (namespaced: other emulators share the store). */
export const MINI_KINDS = {
  authCode: 'providerB:mini:app_auth_code',
  token: 'providerB:mini:app_auth_token',
  refreshToken: 'providerB:mini:app_refresh_token',
  app: 'providerB:mini:merchant_app',
  template: 'providerB:mini:template',
  version: 'providerB:mini:version',
  /** How many of a template's day's submissions are claimed (`<template_id>:<yyyy-MM-dd>`): a hint for the next. */
  auditApplyCount: 'providerB:mini:audit_apply_count',
  /** One claimed submission of a template's day: `<template_id>:<yyyy-MM-dd>:<n>`. */
  auditApplySlot: 'providerB:mini:audit_apply_slot',
} as const;

export interface SandboxAppAuthCode {
  app_auth_code: string;
  isv_app_id: string;
  auth_app_id: string;
  app_auth_token: string;
  issued_at: string;
  expires_at: string;
  used_at?: string;
}

export interface SandboxAppAuthToken {
  app_auth_token: string;
  app_refresh_token: string;
  isv_app_id: string;
  auth_app_id: string;
  user_id: string;
  issued_at: string;
  /** ISO times; the control API moves `expires_at` into the past to simulate expiry. */
  expires_at: string;
  re_expires_at: string;
  revoked_at?: string;
}

export interface SandboxRefreshToken {
  app_refresh_token: string;
  app_auth_token: string;
  used_at?: string;
}

export interface SandboxMember {
  user_id: string;
  logon_id: string;
  nick_name: string;
  role: string;
  status: string;
  gmt_invite: string;
  gmt_join: string;
}

/** An authorised merchant mini program with its base information (C.6), experience version and members. */
export interface SandboxMerchantApp {
  auth_app_id: string;
  isv_app_id: string;
  user_id: string;
  status: 'authorized' | 'cancelled';
  authorized_at: string;
  current_token: string;
  app_name: string;
  app_english_name?: string;
  app_slogan?: string;
  app_logo?: string;
  app_desc?: string;
  category_names?: string;
  service_phone?: string;
  service_email?: string;
  region_type?: string;
  safe_domains: string[];
  package_names: string[];
  /** The merchant's own administrator, who cannot be invited as a member (CANNOT_INVITE_MANAGER). */
  manager_logon_id: string;
  experience?: { app_version: string; created_at: string };
  members: SandboxMember[];
}

export interface SandboxMiniVersion {
  auth_app_id: string;
  app_version: string;
  bundle_id: string;
  template_id: string;
  template_version: string;
  ext?: string;
  status: UpstreamVersionStatus;
  version_desc?: string;
  reject_reason?: string;
  base_audit?: 'PASS' | 'REJECT';
  promote_audit?: 'PASS' | 'REJECT';
  auto_online: boolean;
  audit_rule?: string;
  memo?: string;
  audit_round: number;
  audit_delayed?: boolean;
  /** The automatic decision the namespace's audit policy planned for the current audit round. */
  auto?: PlannedAuditDecision;
  gmt_create: string;
  gmt_apply_audit?: string;
  gmt_audit_end?: string;
  gmt_online?: string;
  gmt_offline?: string;
  /** Order in which versions went online, for rollback to "the previous release". */
  online_order?: number;
  rolled_back?: boolean;
  /** The store cannot delete; deleted versions are hidden. */
  deleted?: boolean;
}

export interface SandboxTemplate {
  mini_app_id: string;
  app_name: string;
  date_create: string;
  version_list: { template_version: string; version_status: string }[];
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const hex = (n: number) =>
  randomBytes(Math.ceil(n / 2))
    .toString('hex')
    .slice(0, n);
const yearMonth = (now: Date) => now.toISOString().slice(0, 7).replace('-', '');

/** Observed shapes (B.2, B.3): 32-char codes ending `X` + 2 digits, 40-char `yyyyMMBB…X09` tokens. */
export const newAppAuthCode = () => `${hex(29)}X${digits(2)}`;
export const newAppToken = (now: Date) => `${yearMonth(now)}BB${hex(29)}X${digits(2)}`;
export const newUserId = () => `2088${digits(12)}`;
export const newMiniAppId = () => `2021${digits(12)}`;
/** Same logon id → same user id, as Alipay accounts are stable. */
export const userIdForLogon = (logonId: string) =>
  `2088${BigInt(`0x${createHash('sha256').update(logonId).digest('hex').slice(0, 15)}`)
    .toString()
    .slice(-12)
    .padStart(12, '0')}`;

export const versionKey = (authAppId: string, appVersion: string) => `${authAppId}:${appVersion}`;

export async function getApp(store: SandboxStore, authAppId: string): Promise<SandboxMerchantApp | undefined> {
  return store.get<SandboxMerchantApp>(MINI_KINDS.app, authAppId);
}

export const saveApp = (store: SandboxStore, app: SandboxMerchantApp) =>
  store.put(MINI_KINDS.app, app.auth_app_id, app);

export async function getVersion(
  store: SandboxStore,
  authAppId: string,
  appVersion: string,
): Promise<SandboxMiniVersion | undefined> {
  const version = await store.get<SandboxMiniVersion>(MINI_KINDS.version, versionKey(authAppId, appVersion));
  return version?.deleted ? undefined : version;
}

export const saveVersion = (store: SandboxStore, v: SandboxMiniVersion) =>
  store.put(MINI_KINDS.version, versionKey(v.auth_app_id, v.app_version), v);

export async function appVersions(
  store: SandboxStore,
  authAppId: string,
  options: { includeDeleted?: boolean } = {},
): Promise<SandboxMiniVersion[]> {
  const all = await store.list<SandboxMiniVersion>(MINI_KINDS.version);
  return all.filter((v) => v.auth_app_id === authAppId && (options.includeDeleted || !v.deleted));
}
