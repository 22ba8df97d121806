'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import { platformConfigSchemas, type PlatformConfigKey } from '@/schemas/platform-config';
import { api } from '@/trpc/react';
import { errorText } from './error-text';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { Label } from '@/components/ui/label';

export type ConfigFieldKind = 'url' | 'percent' | 'mode' | 'modeOverride' | 'hosts';

const invalidMessage: Record<ConfigFieldKind, MessageKey> = {
  url: 'settings.config.invalid.url',
  percent: 'settings.config.invalid.percent',
  mode: 'settings.config.invalid.mode',
  modeOverride: 'settings.config.invalid.mode',
  hosts: 'settings.config.invalid.hosts',
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
  const [draft, setDraft] = useState(() => toDraft(props.value, kind));
  const [invalid, setInvalid] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const set = api.platformConfig.set.useMutation({ onSuccess: () => void utils.platformConfig.get.invalidate() });
  const id = `config-${name.replace(/\W/g, '-')}`;
  const problem = invalid
    ? t(invalidMessage[kind])
    : set.error
      ? errorText(t, set.error, { invalid_value: invalidMessage[kind] })
      : null;
  const describedBy = problem ? `${id}-error` : `${id}-help`;

  const submit = (value: string) => {
    const wire = toWire(value, kind);
    const ok = wire === '' || platformConfigSchemas[name].safeParse(wire).success;
    setInvalid(!ok);
    set.reset();
    if (!ok) return;
    setSent(value);
    set.mutate({ platformId, key: name, value: wire === '' ? null : wire });
  };
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': problem ? true : undefined,
  } as const;

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit(draft);
      }}
    >
      <div className="min-w-0 flex-[1_1_220px]">
        <Label className="mt-3 mb-1" htmlFor={id}>
          {t(`settings.config.label.${name}`)} <code>{name}</code>
        </Label>
        {kind === 'mode' || kind === 'modeOverride' ? (
          <NativeSelect {...common} value={draft} disabled={!canEdit} onChange={(e) => setDraft(e.target.value)}>
            <option value="">
              {t(kind === 'mode' ? 'settings.config.mode.default' : 'settings.config.mode.inherit')}
            </option>
            <option value="upstream">{t('settings.config.mode.upstream')}</option>
            <option value="manual">{t('settings.config.mode.manual')}</option>
          </NativeSelect>
        ) : kind === 'hosts' ? (
          <Textarea
            {...common}
            rows={3}
            value={draft}
            readOnly={!canEdit}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="shop.example.com"
          />
        ) : (
          <Input
            {...common}
            type={kind === 'url' ? 'url' : 'text'}
            inputMode={kind === 'percent' ? 'decimal' : undefined}
            value={draft}
            readOnly={!canEdit}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={kind === 'url' ? 'https://' : '0.60'}
          />
        )}
        {problem ? (
          <small id={`${id}-error`} className="mt-1 block text-sm text-destructive">
            {problem}
          </small>
        ) : (
          <small id={`${id}-help`} className="mt-1 block text-sm text-muted-foreground">
            {t(`settings.config.help.${name}`)}
          </small>
        )}
      </div>
      {canEdit && (
        <div className="flex flex-wrap items-end gap-3">
          <Button variant="secondary" type="submit" disabled={set.isPending}>
            {t('common.save')}
          </Button>
          <span role="status" className="text-muted-foreground">
            {set.isSuccess && draft === sent ? t('common.saved') : ''}
          </span>
        </div>
      )}
    </form>
  );
}
