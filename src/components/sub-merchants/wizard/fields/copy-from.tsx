'use client';

import { Button } from '@/components/ui/button';
import { useFormContext } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data/fields';
import type { WizardValues } from '../form-model';
import { useWizard } from '../wizard-context';

/** A shortcut that fills a field from another one already on the form ("开户名称同商户名称"). */
export function CopyFrom({ from, to, label }: { from: FormDataField; to: FormDataField; label: string }) {
  const { values } = useWizard();
  const { setValue } = useFormContext<WizardValues>();
  const source = typeof values[from] === 'string' ? (values[from] as string).trim() : '';
  if (!source) return null;
  return (
    <Button
      variant="link"
      size="sm"
      className="mb-1 h-auto px-0"
      data-testid={`copy-${from}-${to}`}
      onClick={() => setValue(to, source, { shouldDirty: true, shouldValidate: false })}
    >
      {label}
    </Button>
  );
}
