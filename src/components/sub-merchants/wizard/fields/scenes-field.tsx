'use client';

import { useFormContext } from 'react-hook-form';
import { salesScenes } from '@/schemas/form-data/fields';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import type { WizardValues } from '../form-model';
import { fieldId } from '../steps';
import styles from '../wizard.module.css';
import { FieldShell } from './field-shell';

/** Sales scenes: several at once; each ticked scene brings its own fields into the step. */
export function ScenesField() {
  const { register } = useFormContext<WizardValues>();
  const labels = useSubMerchantLabels();
  return (
    <FieldShell name="salesScene" legend>
      {(control) => (
        <div className={styles.checks}>
          {salesScenes.map((scene, index) => (
            <label key={scene} className={styles.inlineCheck}>
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
