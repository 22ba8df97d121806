'use client';

import { useFormContext } from 'react-hook-form';
import { salesScenes } from '@/schemas/form-data/fields';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import type { WizardValues } from '../form-model';
import { fieldId } from '../steps';
import { FieldShell } from './field-shell';

/** Sales scenes: several at once; each ticked scene brings its own fields into the step. */
export function ScenesField() {
  const { register } = useFormContext<WizardValues>();
  const labels = useSubMerchantLabels();
  return (
    <FieldShell name="salesScene" legend>
      {(control) => (
        <div className="flex flex-wrap">
          {salesScenes.map((scene, index) => (
            <label key={scene} className="my-1 mr-4 inline-flex items-center gap-1.5 font-normal">
              <input
                type="checkbox"
                value={scene}
                {...register('salesScene')}
                id={index === 0 ? fieldId('salesScene') : `${fieldId('salesScene')}-${scene}`}
                aria-invalid={control['aria-invalid']}
                aria-describedby={control['aria-describedby']}
              />
              {labels.enumValue(scene)}
            </label>
          ))}
        </div>
      )}
    </FieldShell>
  );
}
