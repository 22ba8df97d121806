export * from './fields';
export * from './labels';
export * from './types';
export * from './formats';
export { formDataDraftSchema } from './draft-schema';
export {
  validateFormDataForSubmit,
  submitFormDataSchema,
  submitFormDataSchemaFor,
  pointerToPath,
} from './validate-for-submit';
export { providerRuleErrors } from './provider-rules';
export { providerValueErrors } from './provider-values';
export { formDataPointer } from './field-checks';
export {
  currentlyDue,
  requiredFieldsFor,
  salesScenesOf,
  isMissing,
  sceneRequiredFields,
  enterpriseRequiredFields,
  providerRequiredFields,
} from './requirements';
export { mergeFormData } from './merge';
export { maskFormData, maskFieldValue, maskResidueErrors, MASK_CHARACTER } from './mask';
export { cleanFieldValue } from './clean-input';
