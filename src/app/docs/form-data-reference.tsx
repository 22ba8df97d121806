import { formatHintKeys } from '@/components/sub-merchants/wizard/field-hints';
import { Fragment, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { richText } from '@/components/ui/rich-text';
import { providers, type Provider } from '@/domain/providers';
import { banksFor } from '@/domain/reference';
import type { Locale } from '@/i18n/locales';
import type { MessageKey } from '@/i18n/messages/en';
import type { Translate } from '@/i18n/translate';
import {
  MAX_MEDIA_ITEMS,
  formDataFieldNames,
  formDataFields,
  groupLabels,
  requiredFieldsFor,
  salesScenes,
  type FieldDefinition,
  type FormDataField,
} from '@/schemas/form-data';

const providerNames: Record<Provider, MessageKey> = {
  providerA: 'subMerchants.provider.providerA',
  providerB: 'subMerchants.provider.providerB',
};

/**
 * When a field is required at submit for one provider, asked of requiredFieldsFor (what submit validation uses)
 * with one condition at a time: nothing, an enterprise subject, each sales scene, a bank that needs its branch.
 */
function requiredWhen(field: FormDataField, provider: Provider, t: Translate): ReactNode[] {
  const needs = (formData: Record<string, unknown>) => requiredFieldsFor(formData, provider).includes(field);
  if (needs({})) return [t('docs.required.always')];
  const when: ReactNode[] = [];
  if (needs({ subjectType: 'SUBJECT_TYPE_ENTERPRISE' })) when.push(richText(t('docs.required.enterprise')));
  for (const scene of salesScenes)
    if (needs({ salesScene: scene })) when.push(richText(t('docs.required.scene'), { scene }));
  const branchBank = banksFor(provider).find((bank) => bank.needsBranch);
  if (branchBank && needs({ accountBank: branchBank.name })) when.push(t('docs.required.branch'));
  return when.length > 0 ? when : [t('docs.required.never')];
}

/** Enum values are what the API takes, so each is code. */
const codeList = (values: readonly string[], separator: string) =>
  values.map((value, i) => (
    <Fragment key={value}>
      {i > 0 && separator}
      <code>{value}</code>
    </Fragment>
  ));

function formatOf(field: FormDataField, def: FieldDefinition, t: Translate): ReactNode {
  const hint = formatHintKeys[field];
  const base =
    def.kind === 'mediaId'
      ? richText(t('docs.format.mediaId'))
      : def.kind === 'mediaIdList'
        ? richText(t('docs.format.mediaIdList'), { max: MAX_MEDIA_ITEMS })
        : def.kind === 'date'
          ? richText(t(def.allowsPermanent ? 'docs.format.datePermanent' : 'docs.format.date'))
          : def.kind === 'enum'
            ? richText(t(def.multiple ? 'docs.format.enumMultiple' : 'docs.format.enum'), {
                values: <>{codeList(def.values ?? [], ', ')}</>,
              })
            : richText(t('docs.format.text'), { max: def.maxLength });
  return hint && def.kind === 'text' ? (
    <>
      {base}
      {t('docs.format.hintSeparator')}
      {richText(t(hint))}
    </>
  ) : (
    base
  );
}

/** The formData fields from the registry (src/schemas/form-data): label, format, and when each provider needs them. */
export function FormDataReference({ t, locale }: { t: Translate; locale: Locale }) {
  return (
    <section id="form-data" aria-labelledby="form-data-h" className="grid gap-3">
      <h2 id="form-data-h" className="m-0">
        {richText(t('docs.formData'))}
      </h2>
      <p className="m-0 text-sm text-muted-foreground">{richText(t('docs.formData.intro'))}</p>
      <ul className="m-0 grid list-none gap-3 p-0">
        {formDataFieldNames.map((field) => {
          const def = formDataFields[field] as FieldDefinition;
          return (
            <li key={field} id={`form-data-${field}`} className="rounded-lg border bg-card p-3 text-sm">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <code className="font-semibold">{field}</code>
                <span>{def.label[locale]}</span>
                <span className="text-muted-foreground">{groupLabels[def.group][locale]}</span>
                {def.personal && <Badge variant="warning">{t('docs.formData.personal')}</Badge>}
              </div>
              <dl className="m-0 mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
                <dt className="text-muted-foreground">{t('docs.formData.format')}</dt>
                <dd className="m-0">{formatOf(field, def, t)}</dd>
                {providers.map((provider) => (
                  <div key={provider} className="contents">
                    <dt className="text-muted-foreground">
                      {t('docs.formData.requiredFor', { provider: t(providerNames[provider]) })}
                    </dt>
                    <dd className="m-0">
                      {requiredWhen(field, provider, t).map((when, i) => (
                        <Fragment key={i}>
                          {i > 0 && t('ui.listSeparator')}
                          {when}
                        </Fragment>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
