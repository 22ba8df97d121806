import { findBank } from '@/domain/reference';
import { salesScenes, type ZftFormData } from './form-data';

export interface ZftDefaults {
  /**
   * Alipay MCC used when formData carries none. No authoritative MCC list was available to us, so the
   * default (`5999`, ISO 18245 "miscellaneous retail") is a placeholder: set the platform's real category.
   */
  mcc?: string;
  /** `service` literals used when formData has no salesScene (default `小程序支付`: this product hosts mini programs). */
  services?: string[];
}

export const DEFAULT_ZFT_MCC = '5999';

// WeChat-style subject types (docs/product/service.md) → D.2 merchant_type. A licence is always required by formData,
// so the individual (`06`, ID-card only) type is never derived; it can still be forced with merchantType.
const MERCHANT_TYPE_BY_SUBJECT: Record<string, string> = {
  SUBJECT_TYPE_ENTERPRISE: '01',
  SUBJECT_TYPE_INSTITUTIONS: '02',
  SUBJECT_TYPE_OTHERS: '04',
  SUBJECT_TYPE_GOVERNMENT: '05',
  SUBJECT_TYPE_INDIVIDUAL: '07',
};
const CERT_TYPE_BY_MERCHANT_TYPE: Record<string, string> = {
  '01': '201',
  '07': '201',
  '02': '218',
  '03': '204',
  '04': '206',
  '05': '219',
  '06': '100',
};
const SERVICES_BY_SCENE: Record<string, string[]> = {
  SALES_SCENES_STORE: ['当面付'],
  SALES_SCENES_MINI_PROGRAM: ['小程序支付'],
  SALES_SCENES_WEB: ['电脑支付', 'wap支付'],
  SALES_SCENES_APP: ['app支付'],
  SALES_SCENES_MP: ['jsapi支付'],
};

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const strings = (v: unknown) =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x !== '') : undefined;

function merchantTypeOf(formData: ZftFormData): string {
  return str(formData.merchantType) ?? MERCHANT_TYPE_BY_SUBJECT[formData.subjectType ?? ''] ?? '01';
}

function mccOf(formData: ZftFormData, defaults: ZftDefaults): string {
  const qualification = str(formData.qualificationType);
  const looksLikeMcc = qualification && /^(\d{4}|[A-Z]\d{4}(_[A-Z]\d{4})?)$/.test(qualification);
  return str(formData.mcc) ?? (looksLikeMcc ? qualification : undefined) ?? defaults.mcc ?? DEFAULT_ZFT_MCC;
}

/** 6-digit administrative code (e.g. `440305`) → the province/city/district triple Alipay wants. */
function addressCodes(code: string | undefined) {
  if (!code || !/^\d{6}$/.test(code)) return { province_code: code, city_code: code, district_code: code };
  return { province_code: `${code.slice(0, 2)}0000`, city_code: `${code.slice(0, 4)}00`, district_code: code };
}

function sitesOf(formData: ZftFormData, services: string[]) {
  const sites: Record<string, string | undefined>[] = [];
  const siteName = str(formData.merchantShortname);
  if (services.includes('电脑支付') || services.includes('wap支付')) {
    const domain = str(formData.websiteDomain);
    sites.push({
      site_type: '01',
      site_url: domain && !/^https?:\/\//.test(domain) ? `https://${domain}` : domain,
      site_name: siteName,
    });
  }
  if (str(formData.miniProgramAppid))
    sites.push({ site_type: '06', site_name: siteName, tiny_app_id: formData.miniProgramAppid });
  else if (services.includes('app支付')) sites.push({ site_type: '02', site_name: siteName });
  return sites.length ? sites : undefined;
}

/**
 * formData → `ant.merchant.expand.indirect.zft.create` biz_content (docs/upstream/providerB.md D.2). Settlement always
 * goes to the bank card in formData (`default_settle_type=bankCard`). formData fields Alipay has no slot
 * for (settlementId, idCardPeriodBegin/End, idCardAddress, idCardName) are not sent.
 */
export function formDataToZftBizContent(
  externalId: string,
  formData: ZftFormData,
  defaults: ZftDefaults = {},
): Record<string, unknown> {
  const merchantType = merchantTypeOf(formData);
  const scenes = salesScenes(formData);
  const services = strings(formData.services) ?? [...new Set(scenes.flatMap((s) => SERVICES_BY_SCENE[s] ?? []))];
  const service = services.length ? services : (defaults.services ?? ['小程序支付']);
  const corporate = formData.bankAccountType
    ? formData.bankAccountType === 'BANK_ACCOUNT_TYPE_CORPORATE'
    : merchantType !== '07';
  const biz: Record<string, unknown> = {
    external_id: externalId,
    merchant_type: merchantType,
    cert_type: CERT_TYPE_BY_MERCHANT_TYPE[merchantType],
    cert_no: str(formData.licenseNumber),
    cert_name: merchantType === '07' ? str(formData.merchantName) : undefined,
    cert_image: str(formData.licenseCopy),
    name: str(formData.merchantName),
    alias_name: str(formData.aliasName) ?? str(formData.merchantShortname),
    legal_name: str(formData.legalPerson) ?? str(formData.idCardName),
    legal_cert_type: '100',
    legal_cert_no: str(formData.idCardNumber),
    legal_cert_front_image: str(formData.idCardCopy),
    legal_cert_back_image: str(formData.idCardNational),
    mcc: mccOf(formData, defaults),
    service,
    sites: sitesOf(formData, service),
    contact_infos: [
      {
        name: str(formData.contactName),
        mobile: str(formData.contactMobile),
        email: str(formData.contactEmail),
        type: formData.contactName && formData.contactName === formData.legalPerson ? 'LEGAL_PERSON' : 'OTHER',
      },
    ],
    service_phone: str(formData.servicePhone),
    // The real-name Alipay account that signs; never the contact's e-mail (docs/upstream/providerB.md D.6).
    binding_alipay_logon_id: str(formData.bindingAlipayLogonId),
    biz_cards: [
      {
        account_no: str(formData.accountNumber),
        account_holder_name: str(formData.accountName),
        account_type: 'DC',
        usage_type: corporate ? '01' : '02',
        account_inst_name: str(formData.accountBank),
        // Alipay's bank short code, from the bank list when the integrator gave none (docs/upstream/providerB.md D.6).
        account_inst_id:
          str(formData.accountInstId) ?? findBank('providerB', str(formData.accountBank) ?? '')?.alipayInstId,
        account_branch_name: str(formData.accountBranchName),
        account_inst_province: str(formData.accountInstProvince),
        account_inst_city: str(formData.accountInstCity),
        bank_code: str(formData.bankCode),
      },
    ],
    default_settle_rule: { default_settle_type: 'bankCard', default_settle_target: str(formData.accountNumber) },
  };
  if (service.includes('当面付')) {
    biz.business_address = { ...addressCodes(str(formData.storeAddressCode)), address: str(formData.storeAddress) };
    biz.out_door_images = strings(formData.storeEntrancePics);
    biz.in_door_images = strings(formData.storeIndoorPics);
  }
  return dropEmpty(biz) as Record<string, unknown>;
}

/** JSON.stringify drops undefined in objects but keeps `{}`; strip both so the upstream sees absent fields. */
function dropEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropEmpty);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const cleaned = dropEmpty(v);
      if (cleaned !== undefined) out[k] = cleaned;
    }
    return out;
  }
  return value;
}
