'use client';

import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { platformConfigSchemas, type PlatformConfigKey } from '@/schemas/platform-config';
import { api } from '@/trpc/react';
import { ErrorMessage, type ClientError } from '@/components/ui/error-message';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';

export type ConfigFieldKind = 'url' | 'percent' | 'mode' | 'modeOverride' | 'sellerSubmit' | 'hosts';

const invalidMessage: Record<ConfigFieldKind, MessageKey> = {
  url: 'settings.config.invalid.url',
  percent: 'settings.config.invalid.percent',
  mode: 'settings.config.invalid.mode',
  modeOverride: 'settings.config.invalid.mode',
  sellerSubmit: 'settings.config.invalid.mode',
  hosts: 'settings.config.invalid.hosts',
};

/** The kinds picked from a list: what blank (the key unset) means, and each value. */
const choices: Partial<Record<ConfigFieldKind, { blank: MessageKey; values: [string, MessageKey][] }>> = {
  mode: {
    blank: 'settings.config.mode.default',
    values: [
      ['upstream', 'settings.config.mode.upstream'],
      ['manual', 'settings.config.mode.manual'],
    ],
  },
  modeOverride: {
    blank: 'settings.config.mode.inherit',
    values: [
      ['upstream', 'settings.config.mode.upstream'],
      ['manual', 'settings.config.mode.manual'],
    ],
  },
  sellerSubmit: {
    blank: 'settings.config.sellerSubmit.default',
    values: [
      ['review', 'settings.config.sellerSubmit.review'],
      ['direct', 'settings.config.sellerSubmit.direct'],
    ],
  },
};

/** The server's specific refusals (config-url-guard.ts), each said with its real reason and fix. */
const refusalMessage: Record<string, MessageKey> = {
  private_address: 'settings.config.refused.private_address',
  https_required: 'settings.config.refused.https_required',
  unresolved_host: 'settings.config.refused.unresolved_host',
  scheme_not_allowed: 'settings.config.refused.scheme_not_allowed',
  invalid_url: 'settings.config.refused.invalid_url',
  private_redirect_host: 'settings.config.refused.private_redirect_host',
};

// The allowlist is stored as an array and edited one host per line; the API takes it comma-separated.
const toDraft = (value: unknown, kind: ConfigFieldKind) =>
  Array.isArray(value)
    ? value.join(kind === 'hosts' ? '\n' : ', ')
    : value === undefined || value === null
      ? ''
      : String(value);
const toWire = (draft: string, kind: ConfigFieldKind) =>
  kind === 'hosts'
    ? draft
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .join(',')
    : draft.trim();

/**
 * The field's form: the draft as typed, whose output is the value on the wire, checked with the key's own rule
 * from the server's schema (platformConfigSchemas); blank clears the key.
 */
const configFieldForm = (name: PlatformConfigKey, kind: ConfigFieldKind) =>
  z.object({
    value: z
      .string()
      .transform((draft) => toWire(draft, kind))
      .refine((wire) => wire === '' || platformConfigSchemas[name].safeParse(wire).success, {
        message: invalidMessage[kind],
      }),
  });

/** One config key with the control that fits it, checked with the same zod rule as the server before sending. */
export function ConfigField(props: {
  platformId: string;
  name: PlatformConfigKey;
  kind: ConfigFieldKind;
  value: unknown;
  canEdit: boolean;
}) {
  const { platformId, name, kind, canEdit } = props;
  const { t } = useI18n();
  const utils = api.useUtils();
  const schema = useMemo(() => configFieldForm(name, kind), [name, kind]);
  const form = useZodForm(schema, { defaultValues: { value: toDraft(props.value, kind) } });
  const [sent, setSent] = useState<string | null>(null);
  const set = api.platformConfig.set.useMutation({ onSuccess: () => void utils.platformConfig.get.invalidate() });
  const draft = form.watch('value');
  const choice = choices[kind];

  return (
    <Form
      form={form}
      className="flex flex-wrap items-start gap-3"
      onSubmit={async ({ value: wire }) => {
        set.reset();
        setSent(draft);
        await set.mutateAsync({ platformId, key: name, value: wire === '' ? null : wire }).catch((error) => {
          // The server's own check of the value belongs on the field; anything else is said under it.
          const code = (error as ClientError)?.data?.errors?.[0]?.code;
          if (code === 'invalid_value') form.setError('value', { message: invalidMessage[kind] });
          else if (code && code in refusalMessage) form.setError('value', { message: refusalMessage[code] });
        });
      }}
    >
      <FormField
        control={form.control}
        name="value"
        label={t(`settings.config.label.${name}`)}
        labelSuffix={<code>{name}</code>}
        description={t(`settings.config.help.${name}`)}
        className="min-w-0 flex-[1_1_220px]"
        render={({ field }) => (
          <FormControl>
            {choice ? (
              <NativeSelect {...field} disabled={!canEdit}>
                <option value="">{t(choice.blank)}</option>
                {choice.values.map(([value, label]) => (
                  <option key={value} value={value}>
                    {t(label)}
                  </option>
                ))}
              </NativeSelect>
            ) : kind === 'hosts' ? (
              <Textarea {...field} rows={3} readOnly={!canEdit} placeholder="shop.example.com" />
            ) : (
              <Input
                {...field}
                type={kind === 'url' ? 'url' : 'text'}
                inputMode={kind === 'percent' ? 'decimal' : undefined}
                readOnly={!canEdit}
                // "e.g." so the example never reads as a value already set.
                placeholder={kind === 'url' ? 'https://' : t('settings.config.placeholder.percent')}
              />
            )}
          </FormControl>
        )}
      />
      {canEdit && (
        <div className="flex flex-wrap items-end gap-3 sm:mt-6">
          <Button variant="secondary" type="submit" disabled={form.formState.isSubmitting}>
            {t('common.save')}
          </Button>
          <span role="status" className="text-muted-foreground">
            {set.isSuccess && draft === sent ? t('common.saved') : ''}
          </span>
        </div>
      )}
      {set.error && !form.formState.errors.value && (
        <div className="basis-full">
          <ErrorMessage error={set.error} />
        </div>
      )}
    </Form>
  );
}
