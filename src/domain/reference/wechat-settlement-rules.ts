import type { ReferenceTable, SubjectType } from './types';

export type SettlementRule = {
  /** `settlement_info.settlement_id` */
  settlementId: string;
  subjectType: SubjectType;
  /** Fee rate as WeChat publishes it, e.g. `0.6%`. */
  rate: string;
  /** The `settlement_info.qualification_type` values (所属行业) this rule accepts, each with the documents it needs. */
  qualificationTypes: readonly { name: string; qualifications: readonly string[] }[];
};

const none: readonly string[] = [];

/**
 * WeChat Pay 服务商 特约商户进件 结算规则 (docs/upstream/providerA.md B.10): which 所属行业 go with which
 * 入驻结算规则ID for each subject type. The ids and industries below are the published "结算规则ID对照表" rows
 * for ordinary (non-promotional) rates as we read them; exact spellings are [U] until compared with the live table.
 */
export const wechatSettlementRules: ReferenceTable<SettlementRule> = {
  id: 'providerA.settlement-rules',
  source:
    'WeChat Pay partner docs, 特约商户进件 › 结算规则ID对照表 (pay.weixin.qq.com/wiki/doc/apiv3_partner/terms_definition/chapter1_1_3.shtml) [U]',
  date: '2026-11-25',
  rows: [
    {
      settlementId: '716',
      subjectType: 'SUBJECT_TYPE_ENTERPRISE',
      rate: '0.6%',
      qualificationTypes: [
        { name: '餐饮', qualifications: none },
        { name: '食品生鲜', qualifications: ['食品经营许可证'] },
        { name: '私立/民营医院/诊所', qualifications: ['医疗机构执业许可证'] },
        { name: '保险业务', qualifications: ['保险业务许可证'] },
        { name: '线下零售', qualifications: none },
        { name: '居民生活服务', qualifications: none },
        { name: '休闲娱乐', qualifications: none },
        { name: '交通出行', qualifications: none },
        { name: '教育培训', qualifications: none },
        { name: '电商平台', qualifications: ['ICP许可证'] },
        { name: '互联网服务', qualifications: none },
        { name: '其他', qualifications: none },
      ],
    },
    {
      settlementId: '719',
      subjectType: 'SUBJECT_TYPE_INDIVIDUAL',
      rate: '0.6%',
      qualificationTypes: [
        { name: '餐饮', qualifications: none },
        { name: '食品生鲜', qualifications: ['食品经营许可证'] },
        { name: '线下零售', qualifications: none },
        { name: '居民生活服务', qualifications: none },
        { name: '休闲娱乐', qualifications: none },
        { name: '交通出行', qualifications: none },
        { name: '教育培训', qualifications: none },
        { name: '其他', qualifications: none },
      ],
    },
    {
      settlementId: '725',
      subjectType: 'SUBJECT_TYPE_INSTITUTIONS',
      rate: '0.6%',
      qualificationTypes: [
        { name: '公立医院', qualifications: ['医疗机构执业许可证'] },
        { name: '公立学校', qualifications: ['办学许可证'] },
        { name: '其他事业单位', qualifications: none },
      ],
    },
    {
      settlementId: '727',
      subjectType: 'SUBJECT_TYPE_GOVERNMENT',
      rate: '0.6%',
      qualificationTypes: [
        { name: '政府机关', qualifications: none },
        { name: '交通罚款', qualifications: none },
      ],
    },
    {
      settlementId: '738',
      subjectType: 'SUBJECT_TYPE_OTHERS',
      rate: '0.6%',
      qualificationTypes: [
        { name: '社会团体', qualifications: ['社会团体法人登记证书'] },
        { name: '民办非企业单位', qualifications: ['民办非企业单位登记证书'] },
        { name: '其他组织', qualifications: none },
      ],
    },
  ],
};

export function settlementRulesFor(subjectType?: SubjectType): readonly SettlementRule[] {
  return subjectType
    ? wechatSettlementRules.rows.filter((rule) => rule.subjectType === subjectType)
    : wechatSettlementRules.rows;
}

export function findSettlementRule(settlementId: string): SettlementRule | undefined {
  return wechatSettlementRules.rows.find((rule) => rule.settlementId === settlementId);
}
