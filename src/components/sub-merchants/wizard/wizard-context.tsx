'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { FormDataField } from '@/schemas/form-data/fields';
import type { WizardValues } from './form-model';
import type { StepId } from './steps';
import type { Provider } from '@/domain/providers';
import type { WizardBackend } from './wizard-backend';

export type WizardContextValue = {
  /** Where saves, uploads and look-ups go (the operator's console or the seller's form), and whose wording. */
  backend: WizardBackend;
  provider: Provider;
  /** Current form values (watched), for conditions and required markers. */
  values: WizardValues;
  required: ReadonlySet<FormDataField>;
  /** The upstream's reasons from the last rejection, by formData field. */
  rejected: Partial<Record<FormDataField, string>>;
  /** Required fields still empty on screen now (live, provider-aware). */
  currentlyDue: readonly FormDataField[];
  /** The values as loaded (personal ones masked). */
  server: WizardValues;
  /** Personal fields still holding the server's mask: editing one starts empty, and it is never sent back. */
  masked: ReadonlySet<FormDataField>;
  goTo: (step: StepId, focusField?: FormDataField) => void;
};

export const WizardContext = createContext<WizardContextValue | null>(null);

export const WizardProvider = ({ value, children }: { value: WizardContextValue; children: ReactNode }) => (
  <WizardContext.Provider value={value}>{children}</WizardContext.Provider>
);

export function useWizard(): WizardContextValue {
  const value = useContext(WizardContext);
  if (!value) throw new Error('useWizard must be used inside the onboarding wizard');
  return value;
}
