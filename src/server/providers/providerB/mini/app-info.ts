import { AppError } from '@/server/errors';
import type { ProviderBGateway } from '../gateway/gateway-client';
import { MINI_METHODS } from '@/protocols/providerB/mini/methods';
import { callMini, list, text, versionBiz, type VersionRef } from './mini-call';

export interface MiniTemplate {
  /** The template mini program's app id: `template_id` for uploadVersion. */
  templateId: string;
  appName?: string;
  logoUrl?: string;
  createdAt?: string;
  versions: { templateVersion: string; versionStatus?: string }[];
}

/** `alipay.open.mini.templatelist.query` (C.1): the templates bound to the ISV app. Called as the ISV (no token). */
export async function listTemplates(gateway: ProviderBGateway): Promise<MiniTemplate[]> {
  const p = await callMini(gateway, MINI_METHODS.templateList, undefined);
  return list(p.app_list).map((t) => ({
    templateId: text(t.mini_app_id) ?? '',
    appName: text(t.app_name),
    logoUrl: text(t.logo_url),
    createdAt: text(t.date_create),
    versions: list(t.version_list).map((v) => ({
      templateVersion: text(v.template_version) ?? '',
      versionStatus: text(v.version_status),
    })),
  }));
}

export interface MiniBaseinfo {
  appName?: string;
  appEnglishName?: string;
  appSlogan?: string;
  appLogo?: string;
  appDesc?: string;
  categoryNames?: string;
  packageNames: string[];
  safeDomains: string[];
  servicePhone?: string;
  serviceEmail?: string;
}

const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** `alipay.open.mini.baseinfo.query` (C.6). */
export async function baseinfo(gateway: ProviderBGateway, input: { appAuthToken: string }): Promise<MiniBaseinfo> {
  const p = await callMini(gateway, MINI_METHODS.baseinfo, undefined, input.appAuthToken);
  return {
    appName: text(p.app_name),
    appEnglishName: text(p.app_english_name),
    appSlogan: text(p.app_slogan),
    appLogo: text(p.app_logo),
    appDesc: text(p.app_desc),
    categoryNames: text(p.category_names),
    packageNames: strings(p.package_names),
    safeDomains: strings(p.safe_domains),
    servicePhone: text(p.service_phone),
    serviceEmail: text(p.service_email),
  };
}

export interface MiniExperience {
  /** `ready` = built (`expVersionPackged`, also accepted as spelt correctly), `building`, `none`. */
  status: 'ready' | 'building' | 'none';
  upstreamStatus: string;
  qrCodeUrl?: string;
  schemaUrl?: string;
}

/** `alipay.open.mini.experience.create` (C.7): make this version the experience (trial) version. */
export async function createExperience(gateway: ProviderBGateway, input: VersionRef): Promise<void> {
  await callMini(gateway, MINI_METHODS.experienceCreate, versionBiz(input), input.appAuthToken);
}

/** `alipay.open.mini.experience.query` (C.7): status and the QR image URL members scan to open it. */
export async function queryExperience(gateway: ProviderBGateway, input: VersionRef): Promise<MiniExperience> {
  const p = await callMini(gateway, MINI_METHODS.experienceQuery, versionBiz(input), input.appAuthToken);
  const upstreamStatus = text(p.status) ?? '';
  const status = /^expVersionPack(e)?ged$/.test(upstreamStatus)
    ? 'ready'
    : upstreamStatus === 'expVersionPackaging'
      ? 'building'
      : 'none';
  return { status, upstreamStatus, qrCodeUrl: text(p.exp_qr_code_url), schemaUrl: text(p.exp_schema_url) };
}

export async function cancelExperience(gateway: ProviderBGateway, input: VersionRef): Promise<void> {
  await callMini(gateway, MINI_METHODS.experienceCancel, versionBiz(input), input.appAuthToken);
}

/**
 * Downloads the experience QR image (the service answers it as base64 PNG, docs/product/decisions.md §5). Works for the
 * live https URLs and for the sandbox's `data:` URLs alike.
 */
export async function downloadExperienceQr(
  qrCodeUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ mimeType: string; base64: string }> {
  let response: Response;
  try {
    response = await fetchImpl(qrCodeUrl);
  } catch (error) {
    throw new AppError('upstream_unavailable', 'providerB experience QR image could not be fetched.', { cause: error });
  }
  if (!response.ok)
    throw new AppError('upstream_unavailable', `providerB experience QR image answered HTTP ${response.status}.`);
  const mimeType = response.headers.get('content-type')?.split(';')[0]?.trim() || 'image/png';
  return { mimeType, base64: Buffer.from(await response.arrayBuffer()).toString('base64') };
}
