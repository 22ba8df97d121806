'use client';

import { Badge } from '@/components/ui/badge';
import { useI18n } from '@/i18n/i18n-provider';
import { stepIds, stepOfField, type StepId } from './steps';
import { useStepTitle } from './use-field-label';
import { useWizard } from './wizard-context';

/** The steps as links (the current one marked), each with how many required fields it still misses. */
export function StepNav({ current, onNavigate }: { current: StepId; onNavigate: (step: StepId) => void }) {
  const { t, format } = useI18n();
  const stepTitle = useStepTitle();
  const { currentlyDue } = useWizard();
  return (
    <nav aria-label={t('subMerchants.wizard.steps')}>
      <ol className="m-0 mb-4 flex list-none flex-wrap gap-1.5 p-0">
        {stepIds.map((step, index) => {
          const missing = currentlyDue.filter((field) => stepOfField(field) === step).length;
          return (
            <li key={step}>
              <a
                className="flex items-center gap-1.5 rounded-full border border-border bg-card px-3 py-1.5 text-sm text-foreground no-underline aria-[current=step]:border-primary aria-[current=step]:bg-accent aria-[current=step]:font-semibold aria-[current=step]:text-primary"
                href={`?step=${step}`}
                aria-current={step === current ? 'step' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onNavigate(step);
                }}
              >
                <span
                  className="inline-grid size-5.5 place-items-center rounded-full bg-muted text-xs"
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <span>{stepTitle(step)}</span>
                {missing > 0 && (
                  <Badge variant="warning">
                    {t('subMerchants.wizard.missingCount', { count: format.number(missing) })}
                  </Badge>
                )}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
