import { AppError } from '@/server/errors';
import type { GatewayFile, ProviderBGateway } from '../gateway/gateway-client';
import { DEFAULT_BUNDLE_ID, MINI_METHODS } from '@/protocols/providerB/mini/methods';
import { bool, text, uploadMini, type VersionRef } from './mini-call';

/** File parts `…version.audit.apply` accepts (C.4); all optional and reused when sent before. */
export const AUDIT_IMAGE_FIELDS = [
  'app_logo',
  'first_screen_shot',
  'second_screen_shot',
  'third_screen_shot',
  'fourth_screen_shot',
  'fifth_screen_shot',
  'first_license_pic',
  'second_license_pic',
  'third_license_pic',
  'fourth_license_pic',
  'fifth_license_pic',
  'first_special_license_pic',
  'second_special_license_pic',
  'third_special_license_pic',
  'out_door_pic',
  'test_file_name',
] as const;

export interface RegionInfo {
  province_code?: string;
  province_name?: string;
  city_code?: string;
  city_name?: string;
  area_code?: string;
  area_name?: string;
}

export interface ApplyAuditInput extends VersionRef {
  /** 30–500 characters (a Chinese character counts 2). Required on every submission. */
  versionDesc: string;
  // Base information: needed only if never set on the mini program (the platform reuses earlier values).
  appName?: string;
  appEnglishName?: string;
  appSlogan?: string;
  appDesc?: string;
  servicePhone?: string;
  serviceEmail?: string;
  regionType?: 'GLOBAL' | 'CHINA' | 'LOCATION';
  serviceRegionInfo?: RegionInfo[];
  miniCategoryIds?: string;
  appCategoryIds?: string;
  licenseName?: string;
  licenseNo?: string;
  licenseValidDate?: string;
  auditRule?: 'NONE' | 'BASE_PROMOTE';
  /** Go online as soon as the review passes. */
  autoOnline?: boolean;
  speedUp?: boolean;
  memo?: string;
  testAccount?: string;
  testPassword?: string;
  /** Optional images (logo, screenshots, licences…); `field` is one of AUDIT_IMAGE_FIELDS. */
  images?: GatewayFile[];
}

const flag = (v: boolean | undefined) => (v === undefined ? undefined : String(v));

/**
 * `alipay.open.mini.version.audit.apply` (C.4). The real API is an upload request: every business
 * parameter is a top-level signed text field (not `biz_content`) and images are unsigned file parts.
 * Without images the same text fields go in a multipart body with no file part (template-built mini
 * programs may omit screenshots, and base information is reused), which the gateway reads the same way.
 */
export async function applyAudit(
  gateway: ProviderBGateway,
  input: ApplyAuditInput,
): Promise<{ speedUp?: boolean; speedUpMemo?: string }> {
  for (const image of input.images ?? []) {
    if (!(AUDIT_IMAGE_FIELDS as readonly string[]).includes(image.field))
      throw new AppError('invalid_request', `Unknown audit image field ${image.field}.`);
  }
  const fields: Record<string, string | undefined> = {
    app_version: input.appVersion,
    version_desc: input.versionDesc,
    bundle_id: input.bundleId ?? DEFAULT_BUNDLE_ID,
    app_name: input.appName,
    app_english_name: input.appEnglishName,
    app_slogan: input.appSlogan,
    app_desc: input.appDesc,
    service_phone: input.servicePhone,
    service_email: input.serviceEmail,
    region_type: input.regionType,
    // Non-string values travel as JSON text (A.2).
    service_region_info: input.serviceRegionInfo && JSON.stringify(input.serviceRegionInfo),
    mini_category_ids: input.miniCategoryIds,
    app_category_ids: input.appCategoryIds,
    license_name: input.licenseName,
    license_no: input.licenseNo,
    license_valid_date: input.licenseValidDate,
    audit_rule: input.auditRule,
    auto_online: flag(input.autoOnline),
    speed_up: flag(input.speedUp),
    memo: input.memo,
    test_accout: input.testAccount, // sic: the API's own spelling
    test_password: input.testPassword,
  };
  const p = await uploadMini(gateway, MINI_METHODS.auditApply, fields, input.images ?? [], input.appAuthToken);
  return { speedUp: bool(p.speed_up), speedUpMemo: text(p.speed_up_memo) };
}
