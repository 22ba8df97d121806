'use client';

import { formDataFields, type FormDataField } from '@/schemas/form-data/fields';
import { isFieldVisible } from '../steps';
import { useWizard } from '../wizard-context';
import { BankPicker, BranchPicker, IndustryPicker, MccPicker, RegionPicker } from '../pickers/lazy-pickers';
import { DateField } from './date-field';
import { ImageField } from './image-field';
import { ScenesField } from './scenes-field';
import { SelectField } from './select-field';
import { TextField } from './text-field';

/** The right control for a catalogue field, or nothing while its condition hides it. Upstream codes are picked. */
export function FieldFor({ name, hint }: { name: FormDataField; hint?: string }) {
  const { values, provider } = useWizard();
  if (!isFieldVisible(name, values, provider)) return null;
  switch (name) {
    case 'settlementId':
      return null; // follows the industry, in IndustryPicker
    case 'qualificationType':
      return <IndustryPicker />;
    case 'storeAddressCode':
      return <RegionPicker name={name} depth="district" />;
    case 'bankAddressCode':
      return <RegionPicker name={name} depth="city" />;
    case 'accountBank':
      return <BankPicker />;
    case 'bankBranchId':
      return <BranchPicker />;
    case 'mcc':
      return <MccPicker />;
  }
  const def = formDataFields[name];
  if (def.kind === 'mediaId') return <ImageField name={name} />;
  if (def.kind === 'mediaIdList') return <ImageField name={name} multiple />;
  if (def.kind === 'date') return <DateField name={name} />;
  if (def.kind === 'enum') return 'multiple' in def ? <ScenesField /> : <SelectField name={name} hint={hint} />;
  return <TextField name={name} hint={hint} />;
}
