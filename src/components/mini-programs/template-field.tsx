'use client';

import type { ComponentProps } from 'react';
import { useFormContext } from 'react-hook-form';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormControl, FormField } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { useI18n } from '@/i18n/i18n-provider';
import type { RouterOutputs } from '@/trpc/react';

type Template = RouterOutputs['miniPrograms']['templates']['templates'][number];

/**
 * The template picker of the commit and rollout forms, inside a `<Form>`: the provider's template library (the
 * `miniPrograms.templates` query, passed in), each option "id · version · description", and why it is empty.
 */
export function TemplateField(props: {
  name: string;
  label: string;
  templates: {
    isLoading: boolean;
    data?: { templates: Template[] };
    error: ComponentProps<typeof ErrorMessage>['error'];
  };
  /** The field's value for a template: its index (commit) or its id (rollout). */
  valueOf: (template: Template, index: number) => string;
  onPick?: (template: Template | undefined) => void;
}) {
  const { t } = useI18n();
  const { control } = useFormContext<Record<string, string>>();
  const { templates, valueOf, onPick } = props;
  const list = templates.data?.templates ?? [];
  return (
    <>
      <FormField
        control={control}
        name={props.name}
        label={props.label}
        description={
          templates.isLoading
            ? t('miniPrograms.commit.templatesLoading')
            : templates.data && list.length === 0
              ? t('miniPrograms.commit.noTemplates')
              : undefined
        }
        render={({ field }) => (
          <FormControl>
            <NativeSelect
              {...field}
              disabled={list.length === 0}
              onChange={(e) => {
                field.onChange(e);
                onPick?.(list.find((tpl, index) => valueOf(tpl, index) === e.target.value));
              }}
            >
              {list.map((tpl, index) => (
                <option key={`${tpl.templateId}:${tpl.userVersion}`} value={valueOf(tpl, index)}>
                  {[tpl.templateId, tpl.userVersion, tpl.userDesc].filter(Boolean).join(' · ')}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
        )}
      />
      <ErrorMessage error={templates.error} />
    </>
  );
}
