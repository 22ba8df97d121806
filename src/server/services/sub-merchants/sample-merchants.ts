import type { Provider } from '@/domain/providers';
import type { SubMerchantStatus } from '@/domain/sub-merchant-states';

/**
 * Made-up but plausible merchants for trying the console at scale (`sandbox seed`) and for the work-queue
 * benchmark: record `i` is always the same merchant, so numbers and searches are reproducible.
 */

export type SampleKind = { status: SubMerchantStatus; state: string | null };

/** The shares of a busy platform: most records finished, a tenth each waiting on the merchant or under review. */
export const sampleMix: readonly SampleKind[] = [
  ...Array<SampleKind>(60).fill({ status: 'active', state: 'finished' }),
  ...Array<SampleKind>(8).fill({ status: 'pending', state: null }),
  ...Array<SampleKind>(4).fill({ status: 'pending', state: 'rejected' }),
  ...Array<SampleKind>(10).fill({ status: 'pending', state: 'to_be_signed' }),
  ...Array<SampleKind>(4).fill({ status: 'pending', state: 'to_be_confirmed' }),
  ...Array<SampleKind>(10).fill({ status: 'pending', state: 'auditing' }),
  ...Array<SampleKind>(2).fill({ status: 'pending', state: 'submitted' }),
  ...Array<SampleKind>(2).fill({ status: 'suspended', state: 'finished' }),
];

const cities = ['杭州', '上海', '成都', '广州', '深圳', '南京', '苏州', '武汉', '西安', '厦门', '长沙', '青岛'];
const words = ['西湖', '明月', '福临', '鼎盛', '嘉禾', '春风', '和顺', '金谷', '云上', '悦来', '百味', '新桥'];
const trades = [
  '茶社',
  '便利店',
  '火锅店',
  '小馆',
  '咖啡馆',
  '科技有限公司',
  '贸易有限公司',
  '餐饮管理有限公司',
  '书店',
  '烘焙坊',
  '超市',
  '花店',
];
const combinations = cities.length * words.length * trades.length;

/** e.g. 杭州西湖茶社, then 杭州西湖茶社第2分店 once every combination is taken. */
export function sampleMerchantName(i: number): string {
  const trade = trades[i % trades.length]!;
  const base = `${cities[Math.floor(i / trades.length) % cities.length]}${words[Math.floor(i / (trades.length * cities.length)) % words.length]}${trade}`;
  const branch = Math.floor(i / combinations);
  if (branch === 0) return base;
  return `${base}第${branch + 1}${trade.endsWith('公司') ? '分公司' : '分店'}`;
}

/** The short name on receipts: the name without its city, at most 8 characters. */
export const sampleShortName = (i: number) => sampleMerchantName(i).slice(2, 10);

/** An 18-character unified social credit code shape, unique per i. */
export const sampleLicenceNumber = (i: number) => `91330100MA${String(i).padStart(8, '0')}`;

const rejectReasons = [
  { field: 'licenseCopy', reason: '营业执照照片模糊，请上传清晰完整的照片' },
  { field: 'storeEntrancePic', reason: '门店门头照片未显示完整招牌' },
  { field: 'accountNumber', reason: '结算账户与营业执照主体不一致' },
  { field: 'merchantShortname', reason: '商户简称与经营内容不符' },
];

export type SampleRecord = SampleKind & {
  provider: Provider;
  merchantName: string;
  merchantShortname: string;
  licenseNumber: string;
  rejectReasons: { field: string; reason: string }[];
};

export function sampleRecord(i: number): SampleRecord {
  const kind = sampleMix[i % sampleMix.length]!;
  return {
    ...kind,
    provider: i % 3 === 0 ? 'providerB' : 'providerA',
    merchantName: sampleMerchantName(i),
    merchantShortname: sampleShortName(i),
    licenseNumber: sampleLicenceNumber(i),
    rejectReasons: kind.state === 'rejected' ? [rejectReasons[i % rejectReasons.length]!] : [],
  };
}
