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
};
