/** The onboarding wizard's autosave, leave guard and masked-field strings (namespace subMerchants). */
export const wizardEn = {
  'subMerchants.autosave.saved': 'All changes saved',
  'subMerchants.autosave.saving': 'Saving…',
  'subMerchants.autosave.failed': 'Not saved (retry)',
  'subMerchants.autosave.conflict':
    'This record was changed in another tab or by someone else since you opened it; your latest changes were not saved. Reload to see the current version.',
  'subMerchants.autosave.reload': 'Reload',
  'subMerchants.wizard.leaveUnsaved': 'Some changes are not saved yet. Leave this page anyway?',
  'subMerchants.wizard.chooseSubjectFirst': 'Choose the subject type first: the questions that follow depend on it.',
  'subMerchants.field.maskedHint': 'Saved as {masked}. To change it, type the whole new value.',
  'subMerchants.error.masked_value': '{label} still contains the mask (*): type the whole value.',
  'subMerchants.picker.settlementFromIndustry': 'Follows the industry: pick the industry first.',
  'subMerchants.picker.qualificationsNeeded': 'This industry also needs: {list}.',
  'subMerchants.picker.settlementRule': 'Rule {id} (fee {rate})',
  'subMerchants.picker.province': 'Province',
  'subMerchants.picker.city': 'City',
  'subMerchants.picker.district': 'District',
  'subMerchants.picker.branchNeedsBankCity':
    "Choose the bank and the bank branch's city first, then search its branches.",
  'subMerchants.picker.branchBankName': 'Name of the bank, in Chinese as on its licence',
  'subMerchants.picker.branchKeyword': 'Branch name contains (optional)',
  'subMerchants.picker.branchSearch': 'Find branches',
  'subMerchants.picker.branchNone': 'No branch found: try another keyword',
  'subMerchants.picker.sameAsLegalPerson': 'Same as the legal representative',
  'subMerchants.picker.sameAsMerchantName': 'Same as the merchant name',
  'subMerchants.wizard.leaveTitle': 'Leave the form?',
  'subMerchants.wizard.leaveConfirm': 'Leave anyway',
};
