import type { ReferenceTable } from './types';

export type Mcc = {
  /** `mcc` as zft.create takes it. */
  code: string;
  name: string;
  /** 一级类目 */
  category: string;
  /** Special industries also send `qualifications` (docs/upstream/providerB.md D.2); not supported in formData yet. */
  special: boolean;
};

const row = (code: string, name: string, category: string, special = false): Mcc => ({ code, name, category, special });

/**
 * The MCC / 经营类目 codes `ant.merchant.expand.indirect.zft.create` accepts: Alipay publishes a 直付通 MCC
 * spreadsheet built on ISO 18245 merchant category codes. This is the subset for ordinary retail, catering and
 * services sellers (docs/upstream/providerB.md D.6); rows outside it are refused locally and by the sandbox, and
 * whether Alipay accepts a code not listed here is [U].
 */
export const alipayMcc: ReferenceTable<Mcc> = {
  id: 'providerB.mcc',
  source:
    'Alipay open docs, ant.merchant.expand.indirect.zft.create › mcc «直付通商户经营类目/MCC» list (opendocs.alipay.com/apis/api_1/ant.merchant.expand.indirect.zft.create); codes per ISO 18245 [U]',
  date: '2026-11-25',
  rows: [
    row('5812', '餐馆、餐厅', '餐饮'),
    row('5814', '快餐店', '餐饮'),
    row('5811', '包办伙食、宴会承办', '餐饮'),
    row('5813', '酒吧、酒馆', '餐饮', true),
    row('5462', '面包店、糕点店', '餐饮'),
    row('5411', '超市、杂货店', '零售'),
    row('5499', '便利店、食品专卖', '零售'),
    row('5331', '杂货店、百货', '零售'),
    row('5311', '百货商店', '零售'),
    row('5651', '服装店', '零售'),
    row('5661', '鞋店', '零售'),
    row('5691', '男女服装店', '零售'),
    row('5732', '电子产品商店', '零售'),
    row('5734', '计算机软件商店', '零售'),
    row('5942', '书店', '零售'),
    row('5945', '玩具、游戏店', '零售'),
    row('5977', '化妆品商店', '零售'),
    row('5992', '花店', '零售'),
    row('5995', '宠物用品店', '零售'),
    row('5999', '其他零售店', '零售'),
    row('5912', '药店', '零售', true),
    row('5921', '酒类商店', '零售', true),
    row('5200', '家居建材商店', '零售'),
    row('7230', '美容美发', '生活服务'),
    row('7210', '洗衣服务', '生活服务'),
    row('7221', '摄影服务', '生活服务'),
    row('7299', '其他个人服务', '生活服务'),
    row('7011', '酒店、住宿', '生活服务'),
    row('7832', '电影院', '休闲娱乐'),
    row('7997', '健身、俱乐部', '休闲娱乐'),
    row('7991', '旅游景点', '休闲娱乐'),
    row('4121', '出租车、网约车', '交通出行'),
    row('7523', '停车场', '交通出行'),
    row('8211', '中小学', '教育', true),
    row('8299', '教育培训', '教育'),
    row('4816', '网络服务、信息服务', '网络服务'),
    row('5818', '数字商品', '网络服务'),
    row('8062', '医院', '医疗', true),
    row('8011', '诊所', '医疗', true),
  ],
};

export function findMcc(code: string): Mcc | undefined {
  return alipayMcc.rows.find((mcc) => mcc.code === code);
}

/** MCC rows whose code or name contains `q` (all of them without one). */
export function searchMcc(q?: string): readonly Mcc[] {
  if (!q) return alipayMcc.rows;
  return alipayMcc.rows.filter((mcc) => mcc.code.includes(q) || mcc.name.includes(q) || mcc.category.includes(q));
}
