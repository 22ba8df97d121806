'use client';

import { useFormContext } from 'react-hook-form';
import { acceptedValues } from '@/schemas/form-data/fields';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import type { WizardValues } from '../form-model';
import { fieldId } from '../steps';
import { useWizard } from '../wizard-context';
import { FieldShell } from './field-shell';

/** Sales scenes the provider accepts: several at once; each ticked scene brings its own fields into the step. */
export function ScenesField() {
  const { register } = useFormContext<WizardValues>();
  const labels = useSubMerchantLabels();
  const { provider } = useWizard();
  return (
    <FieldShell name="salesScene" legend>
      {(control) => (
        <div className="flex flex-wrap">
          {acceptedValues('salesScene', provider).map((scene, index) => (
            <label key={scene} className="my-1 mr-4 inline-flex items-center gap-1.5 font-normal">
              <input
                type="checkbox"
                value={scene}
                {...register('salesScene')}
                id={index === 0 ? fieldId('salesScene') : `${fieldId('salesScene')}-${scene}`}
                aria-invalid={control['aria-invalid']}
                aria-describedby={control['aria-describedby']}
              />
              {labels.enumValue(scene, provider)}
            </label>
          ))}
        </div>
      )}
    </FieldShell>
  );
}
