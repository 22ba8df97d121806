'use client';

import { BusinessStep, ContactStep, LegalPersonStep, LicenseStep, SettlementStep } from './steps/field-steps';
import { ReviewStep } from './steps/review-step';
import type { StepId } from './steps';

/** The current step's component. */
export function StepBody({ step }: { step: StepId }) {
  switch (step) {
    case 'license':
      return <LicenseStep />;
    case 'legalPerson':
      return <LegalPersonStep />;
    case 'business':
      return <BusinessStep />;
    case 'settlement':
      return <SettlementStep />;
    case 'contact':
      return <ContactStep />;
    case 'review':
      return <ReviewStep />;
  }
}
