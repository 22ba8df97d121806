import type { ReferenceTable } from './types';

/** `sites[].site_type` values: 01 website, 02 app, 06 Alipay mini program (docs/upstream/providerB.md D.2). */
export type SiteType = '01' | '02' | '06';

export type ServiceSiteRule = {
  /** A zft.create `service` literal. */
  service: string;
  /** One of these site types must be present; empty: no site needed. */
  siteTypes: readonly SiteType[];
  /** Fields that site must carry. */
  fields: readonly string[];
};

/**
 * Which `sites` entry each 直付通 payment product needs. Products without a row need no site.
 */
export const alipayServiceSites: ReferenceTable<ServiceSiteRule> = {
  id: 'providerB.service-sites',
  source:
    'Alipay open docs, ant.merchant.expand.indirect.zft.create › sites / SiteInfo (opendocs.alipay.com/apis/api_1/ant.merchant.expand.indirect.zft.create)',
  date: '2026-11-25',
  rows: [
    { service: '电脑支付', siteTypes: ['01'], fields: ['site_type', 'site_url', 'site_name'] },
    { service: 'wap支付', siteTypes: ['01'], fields: ['site_type', 'site_url', 'site_name'] },
    { service: 'app支付', siteTypes: ['02', '06'], fields: ['site_type', 'site_name'] },
    { service: 'jsapi支付', siteTypes: ['06'], fields: ['site_type', 'site_name', 'tiny_app_id'] },
  ],
};
