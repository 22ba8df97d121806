import type { wizardEn } from './wizard.en';

/** 进件向导的自动保存、离开提醒与脱敏字段文案，键与 wizard.en.ts 一致。 */
export const wizardZhCN: Record<keyof typeof wizardEn, string> = {
  'subMerchants.autosave.saved': '已保存',
  'subMerchants.autosave.saving': '保存中…',
  'subMerchants.autosave.failed': '保存失败（重试）',
  'subMerchants.autosave.conflict':
    '打开此页面后，该记录已在其他标签页或由其他人修改，你最近的修改未保存。请重新加载查看最新内容。',
  'subMerchants.autosave.reload': '重新加载',
  'subMerchants.wizard.leaveUnsaved': '有修改尚未保存。仍要离开此页面吗？',
  'subMerchants.wizard.chooseSubjectFirst': '请先选择主体类型：后面的问题取决于它。',
  'subMerchants.field.maskedHint': '已保存为 {masked}。如需修改，请输入完整的新内容。',
  'subMerchants.error.masked_value': '{label}仍包含脱敏字符（*），请输入完整内容。',
  'subMerchants.picker.settlementFromIndustry': '随所属行业确定：请先选择所属行业。',
  'subMerchants.picker.qualificationsNeeded': '该行业还需提供：{list}。',
  'subMerchants.picker.settlementRule': '结算规则 {id}（费率 {rate}）',
  'subMerchants.picker.province': '省份',
  'subMerchants.picker.city': '城市',
  'subMerchants.picker.district': '区县',
  'subMerchants.picker.branchNeedsBankCity': '请先选择开户银行和开户银行所在城市，再查找支行。',
  'subMerchants.picker.branchBankName': '银行名称（如 厦门银行）',
  'subMerchants.picker.branchKeyword': '支行名称包含（可选）',
  'subMerchants.picker.branchSearch': '查找支行',
  'subMerchants.picker.branchNone': '未找到支行：换个关键词试试',
  'subMerchants.picker.sameAsLegalPerson': '同法定代表人',
  'subMerchants.picker.sameAsMerchantName': '同商户名称',
  'subMerchants.wizard.leaveTitle': '离开进件资料？',
  'subMerchants.wizard.leaveConfirm': '仍要离开',
};
