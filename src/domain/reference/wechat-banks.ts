import type { Provider, ReferenceTable } from './types';

export type Bank = {
  /** The exact string the upstream accepts (`account_bank` / `account_inst_name`). */
  name: string;
  /** Alipay `biz_cards.account_inst_id` (bank short code); absent where none is published. */
  alipayInstId?: string;
  /** WeChat: branch details needed (`bank_branch_id` or `bank_name`); true only for `其他银行`. */
  needsBranch: boolean;
};

/**
 * The `bank_account_info.account_bank` values WeChat accepts: seventeen directly connected banks by their short
 * name, and `其他银行` for every other bank, which then needs `bank_branch_id` (联行号) or `bank_name` (full branch
 * name) (docs/upstream/providerA.md B.10).
 */
export const wechatBanks: ReferenceTable<Bank> = {
  id: 'providerA.banks',
  source:
    'WeChat Pay partner docs, applyment4sub › bank_account_info.account_bank 开户银行对照表 (pay.weixin.qq.com/wiki/doc/apiv3_partner/terms_definition/chapter1_1_3.shtml)',
  date: '2026-11-25',
  rows: [
    { name: '工商银行', alipayInstId: 'ICBC', needsBranch: false },
    { name: '交通银行', alipayInstId: 'COMM', needsBranch: false },
    { name: '招商银行', alipayInstId: 'CMB', needsBranch: false },
    { name: '民生银行', alipayInstId: 'CMBC', needsBranch: false },
    { name: '中信银行', alipayInstId: 'CITIC', needsBranch: false },
    { name: '浦发银行', alipayInstId: 'SPDB', needsBranch: false },
    { name: '兴业银行', alipayInstId: 'CIB', needsBranch: false },
    { name: '光大银行', alipayInstId: 'CEB', needsBranch: false },
    { name: '广发银行', alipayInstId: 'GDB', needsBranch: false },
    { name: '平安银行', alipayInstId: 'SPABANK', needsBranch: false },
    { name: '北京银行', alipayInstId: 'BJBANK', needsBranch: false },
    { name: '华夏银行', alipayInstId: 'HXBANK', needsBranch: false },
    { name: '农业银行', alipayInstId: 'ABC', needsBranch: false },
    { name: '建设银行', alipayInstId: 'CCB', needsBranch: false },
    { name: '邮政储蓄银行', alipayInstId: 'PSBC', needsBranch: false },
    { name: '中国银行', alipayInstId: 'BOC', needsBranch: false },
    { name: '宁波银行', alipayInstId: 'NBBANK', needsBranch: false },
    { name: '其他银行', needsBranch: true },
  ],
};

/** The name WeChat uses for every bank outside its seventeen. */
export const OTHER_BANK = '其他银行';

/**
 * Alipay's `biz_cards.account_inst_name` takes the bank's own short name; `其他银行` means nothing there, so the
 * seventeen names plus some common city and rural banks are offered, and `account_inst_id` is sent where known
 * (docs/upstream/providerB.md D.6). Alipay checks the card against its bank itself; a name outside this list is [U].
 */
export const alipayBanks: ReferenceTable<Bank> = {
  id: 'providerB.banks',
  source:
    'Alipay open docs, ant.merchant.expand.indirect.zft.create › SettleCardInfo.account_inst_name / account_inst_id (opendocs.alipay.com/apis/api_1/ant.merchant.expand.indirect.zft.create) [U]',
  date: '2026-11-25',
  rows: [
    ...wechatBanks.rows.filter((bank) => bank.name !== OTHER_BANK),
    { name: '上海银行', alipayInstId: 'SHBANK', needsBranch: false },
    { name: '江苏银行', alipayInstId: 'JSBANK', needsBranch: false },
    { name: '杭州银行', alipayInstId: 'HZCB', needsBranch: false },
    { name: '南京银行', alipayInstId: 'NJCB', needsBranch: false },
    { name: '厦门银行', alipayInstId: 'XMBANK', needsBranch: false },
    { name: '浙商银行', alipayInstId: 'CZBANK', needsBranch: false },
    { name: '渤海银行', alipayInstId: 'BOHAIB', needsBranch: false },
    { name: '恒丰银行', alipayInstId: 'EGBANK', needsBranch: false },
    { name: '农村信用社', needsBranch: false },
    { name: '农村商业银行', needsBranch: false },
  ],
};

export function banksFor(provider: Provider): readonly Bank[] {
  return provider === 'providerA' ? wechatBanks.rows : alipayBanks.rows;
}

export function findBank(provider: Provider, name: string): Bank | undefined {
  return banksFor(provider).find((bank) => bank.name === name);
}
