/**
 * The sandbox's copy of WeChat's bank and branch directory (docs/upstream/providerA.md B.12): a realistic subset,
 * not the real directory. Area codes are WeChat's own numbering (they differ from GB/T 2260 on purpose, as the
 * real ones do); branch numbers follow the CNAPS layout (bank code, area code, serial, check digit) but are
 * invented for the sandbox.
 */

export type SandboxBank = {
  bank_alias: string;
  bank_alias_code: string;
  account_bank: string;
  account_bank_code: number;
  need_bank_branch: boolean;
  /** CNAPS bank code: the first three digits of its branch numbers. */
  cnaps: string;
  /** Offered for corporate and/or personal accounts. */
  corporate: boolean;
  personal: boolean;
};

const direct = (name: string, code: number, cnaps: string): SandboxBank => ({
  bank_alias: name,
  bank_alias_code: `10000${String(code).padStart(5, '0')}`,
  account_bank: name,
  account_bank_code: code,
  need_bank_branch: false,
  cnaps,
  corporate: true,
  personal: true,
});
const other = (name: string, code: number, cnaps: string): SandboxBank => ({
  bank_alias: name,
  bank_alias_code: `10000${String(code).padStart(5, '0')}`,
  account_bank: '其他银行',
  account_bank_code: 1099,
  need_bank_branch: true,
  cnaps,
  corporate: true,
  personal: true,
});

export const sandboxBanks: SandboxBank[] = [
  direct('工商银行', 1002, '102'),
  direct('农业银行', 1005, '103'),
  direct('中国银行', 1026, '104'),
  direct('建设银行', 1003, '105'),
  direct('交通银行', 1020, '301'),
  direct('中信银行', 1021, '302'),
  direct('光大银行', 1022, '303'),
  direct('华夏银行', 1025, '304'),
  direct('民生银行', 1006, '305'),
  direct('广发银行', 1027, '306'),
  direct('平安银行', 1010, '307'),
  direct('招商银行', 1001, '308'),
  direct('兴业银行', 1009, '309'),
  direct('浦发银行', 1004, '310'),
  direct('北京银行', 1032, '313'),
  direct('宁波银行', 1056, '313'),
  direct('邮政储蓄银行', 1066, '403'),
  other('厦门银行', 4761, '313'),
  other('福建海峡银行', 4762, '313'),
  other('上海银行', 4763, '313'),
  other('杭州银行', 4764, '313'),
  other('深圳农村商业银行', 4765, '402'),
];

/** WeChat numbering of provinces and cities (sandbox subset); `cnaps` is the area part of branch numbers. */
export const sandboxAreas: {
  province_name: string;
  province_code: number;
  cities: { city_name: string; city_code: number; cnaps: string; districts: string[] }[];
}[] = [
  {
    province_name: '北京市',
    province_code: 1,
    cities: [{ city_name: '北京市', city_code: 10, cnaps: '1000', districts: ['东城', '西城', '朝阳', '海淀'] }],
  },
  {
    province_name: '上海市',
    province_code: 2,
    cities: [{ city_name: '上海市', city_code: 290, cnaps: '2900', districts: ['黄浦', '徐汇', '浦东', '静安'] }],
  },
  {
    province_name: '浙江省',
    province_code: 11,
    cities: [
      { city_name: '杭州市', city_code: 331, cnaps: '3310', districts: ['西湖', '上城', '拱墅', '滨江'] },
      { city_name: '宁波市', city_code: 332, cnaps: '3320', districts: ['海曙', '鄞州', '江北'] },
    ],
  },
  {
    province_name: '福建省',
    province_code: 13,
    cities: [
      { city_name: '福州市', city_code: 391, cnaps: '3910', districts: ['鼓楼', '台江', '仓山', '晋安'] },
      { city_name: '厦门市', city_code: 393, cnaps: '3930', districts: ['思明', '湖里', '集美'] },
    ],
  },
  {
    province_name: '广东省',
    province_code: 19,
    cities: [
      { city_name: '广州市', city_code: 581, cnaps: '5810', districts: ['天河', '越秀', '海珠', '番禺'] },
      { city_name: '深圳市', city_code: 584, cnaps: '5840', districts: ['福田', '罗湖', '南山', '宝安'] },
    ],
  },
];

// A mod-10 check digit so every generated number is distinct and stable.
function checkDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[i]) * (i % 2 === 0 ? 3 : 1);
  return String((10 - (sum % 10)) % 10);
}

/** Branches of a bank in a city: one 营业部 for the city and one 支行 per listed district. */
export function sandboxBranches(
  bank: SandboxBank,
  cityCode: number,
): { bank_branch_name: string; bank_branch_id: string }[] {
  const city = sandboxAreas.flatMap((p) => p.cities).find((c) => c.city_code === cityCode);
  if (!city) return [];
  const cityShort = city.city_name.replace(/市$/, '');
  const names = [
    `${bank.bank_alias}${cityShort}分行营业部`,
    ...city.districts.map((d) => `${bank.bank_alias}${cityShort}${d}支行`),
  ];
  return names.map((name, i) => {
    const first11 = `${bank.cnaps}${city.cnaps}${String(bank.account_bank_code % 100).padStart(2, '0')}${String(i).padStart(2, '0')}`;
    return { bank_branch_name: name, bank_branch_id: `${first11}${checkDigit(first11)}` };
  });
}

/** Every branch number the sandbox knows, with its bank: what `bank_branch_id` may name. */
export function sandboxBranchIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const bank of sandboxBanks)
    for (const city of sandboxAreas.flatMap((p) => p.cities))
      for (const branch of sandboxBranches(bank, city.city_code)) index.set(branch.bank_branch_id, bank.bank_alias);
  return index;
}
