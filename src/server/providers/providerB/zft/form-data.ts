/**
 * The service's flat onboarding formData (docs/product/service.md §2.2), plus optional Alipay-only keys that
 * let an integrator replace our documented defaults (see zft-biz-content.ts).
 */
export interface ZftFormData {
  contactName?: string;
  contactMobile?: string;
  contactEmail?: string;
  licenseCopy?: string;
  licenseNumber?: string;
  merchantName?: string;
  legalPerson?: string;
  idCardCopy?: string;
  idCardNational?: string;
  idCardName?: string;
  idCardNumber?: string;
  idCardPeriodBegin?: string;
  idCardPeriodEnd?: string;
  merchantShortname?: string;
  servicePhone?: string;
  settlementId?: string;
  qualificationType?: string;
  accountName?: string;
  accountBank?: string;
  accountNumber?: string;
  subjectType?: string;
  idCardAddress?: string;
  bankAccountType?: string;
  salesScene?: string | string[];
  storeName?: string;
  storeAddressCode?: string;
  storeAddress?: string;
  storeEntrancePics?: string[];
  storeIndoorPics?: string[];
  miniProgramAppid?: string;
  websiteDomain?: string;
  // Alipay-only optional keys (override a default).
  /** D.2 `merchant_type` code (`01`…`07`); default derived from subjectType. */
  merchantType?: string;
  /** Alipay MCC; default: qualificationType when it looks like an MCC, else the client's default. */
  mcc?: string;
  /** D.2 `service` literals (e.g. `当面付`); default derived from salesScene. */
  services?: string[];
  /** Real-name Alipay account that confirms the application; required, never defaulted (D.6). */
  bindingAlipayLogonId?: string;
  /** Bill/payment-result display name; default merchantShortname. */
  aliasName?: string;
  /** SettleCardInfo extras. */
  accountInstId?: string;
  accountBranchName?: string;
  accountInstProvince?: string;
  accountInstCity?: string;
  bankCode?: string;
  [extra: string]: unknown;
}

export function salesScenes(formData: ZftFormData): string[] {
  const scene = formData.salesScene;
  if (Array.isArray(scene)) return scene.filter((s): s is string => typeof s === 'string');
  return typeof scene === 'string' && scene ? [scene] : [];
}
