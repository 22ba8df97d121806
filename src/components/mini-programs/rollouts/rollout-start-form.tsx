'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState } from 'react';
import { useMembership } from '@/components/membership';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorMessage, type ClientError } from '@/components/ui/error-message';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { AuditPageRows } from '../audit-page-rows';
import { CodeVersionFields } from '../code-version-fields';
import { TemplateField } from '../template-field';
import type { Provider } from '@/domain/providers';
import { useI18n } from '@/i18n/i18n-provider';
import { createRolloutBody, rolloutTargets } from '@/schemas/mini-program-rollouts';
import { api } from '@/trpc/react';
import { rolloutPath } from './rollout-paths';

type TargetKind = 'all' | 'appIds' | 'sellerIds';
const targetKinds: TargetKind[] = ['all', 'appIds', 'sellerIds'];

/** The ext JSON template a rollout starts from: each mini program gets its own app id and seller id. */
const startingTemplate = JSON.stringify(
  { extEnable: true, extAppid: '{{appId}}', ext: { sellerId: '{{sellerId}}' }, window: {} },
  null,
  2,
);
/** The preview is asked once typing pauses this long, not on every key. */
const PREVIEW_DELAY_MS = 400;

/** A cleared number input is "not given" (the schema's default or its required error), not 0. */
const numberOrNothing = (value: string) => (value === '' ? undefined : Number(value));
const sellerIdsOf = (text: string) => [...new Set(text.split(/[\s,，]+/).filter(Boolean))];
const targetsOf = (kind: TargetKind, picked: string[], sellers: string) =>
  kind === 'all'
    ? { all: true as const }
    : kind === 'appIds'
      ? { appIds: picked }
      : { sellerIds: sellerIdsOf(sellers) };

function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/**
 * Starts a rollout, with the create request's own schema. Before sending, the server's preview (the same target
 * resolution and renderer as the create) shows how many mini programs match and the ext JSON one of them would
 * get, and names those the template does not work for; the form refuses to send until it works for all.
 */
export function RolloutStartForm({ platform }: { platform: Provider }) {
  const { t } = useI18n();
  const { platformId } = useMembership();
  const router = useRouter();
  const utils = api.useUtils();
  const templates = api.miniPrograms.templates.useQuery({ platformId, platform });
  const authorizers = api.miniPrograms.authorizers.useQuery({ platformId });
  const mine = (authorizers.data?.data ?? []).filter((a) => a.platform === platform);
  const list = useMemo(() => templates.data?.templates ?? [], [templates.data]);
  const form = useZodForm(createRolloutBody, {
    defaultValues: {
      templateId: '',
      userVersion: '',
      userDesc: '',
      extJson: startingTemplate,
      authorizerExt: {},
      itemList: [],
      targets: { all: true },
      policy: { mode: 'submit_audit', release: 'auto', concurrency: 10 },
    },
  });
  const create = api.miniProgramRollouts.create.useMutation({
    onSuccess: () => void utils.miniProgramRollouts.list.invalidate(),
  });

  // The first template is preselected, and its version prefilled, once the library arrives.
  useEffect(() => {
    const first = list[0];
    if (first && form.getValues('templateId') === '') {
      form.setValue('templateId', first.templateId);
      if (first.userVersion && form.getValues('userVersion') === '') form.setValue('userVersion', first.userVersion);
    }
  }, [list, form]);

  const [kind, setKind] = useState<TargetKind>('all');
  const [picked, setPicked] = useState<string[]>([]);
  const [sellers, setSellers] = useState('');
  const targets = targetsOf(kind, picked, sellers);
  const targetsKey = JSON.stringify(targets);
  useEffect(() => {
    form.setValue('targets', JSON.parse(targetsKey) as typeof targets, { shouldValidate: form.formState.isSubmitted });
  }, [targetsKey, form]);

  // The preview's choices: the mini programs the targets name, as far as the list tells (the count is the server's).
  const sellerSet = new Set(sellerIdsOf(sellers));
  const candidates =
    kind === 'all'
      ? mine
      : kind === 'appIds'
        ? mine.filter((a) => picked.includes(a.appId))
        : mine.filter((a) => a.tenantId && sellerSet.has(a.tenantId));
  const [previewAppId, setPreviewAppId] = useState('');
  const extJson = form.watch('extJson');
  const check = useSettled({ extJson, targets, previewAppId }, PREVIEW_DELAY_MS);
  const checkable = check.extJson.length >= 2 && rolloutTargets.safeParse(check.targets).success;
  const preview = api.miniProgramRollouts.preview.useQuery(
    {
      platformId,
      platform,
      extJson: check.extJson,
      authorizerExt: {},
      targets: check.targets,
      ...(check.previewAppId ? { previewAppId: check.previewAppId } : {}),
    },
    { enabled: checkable, placeholderData: (previous) => previous, staleTime: 0 },
  );
  const checked = checkable ? preview.data : undefined;
  const extBroken = Boolean(checked && (checked.invalidCount > 0 || checked.unknownPlaceholders.length > 0));
  const refusedFor = (create.error?.data?.errors ?? []).filter((e) => e.code === 'invalid_for_authorizer');
  const conflictWith =
    create.error?.data?.appCode === 'conflict' ? /\bro_[A-Za-z0-9_-]+/.exec(create.error.message) : null;
  const targetError = form.formState.errors.targets;

  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="start-heading"
    >
      <h2 id="start-heading">{t('rollouts.start.heading')}</h2>
      <Form
        form={form}
        className="gap-3"
        onSubmit={async (values) => {
          if (extBroken) {
            form.setError('extJson', { type: 'server', message: 'rollouts.preview.fixFirst' });
            return;
          }
          const template = list.find((tpl) => tpl.templateId === values.templateId);
          await create
            .mutateAsync({
              platformId,
              platform,
              ...values,
              ...(platform === 'providerB' && template?.userVersion ? { templateVersion: template.userVersion } : {}),
            })
            .then((rollout) => router.push(rolloutPath(platformId, platform, rollout.id)))
            .catch((error: ClientError) => {
              // The server parsed with the same schema: the fields it names are marked as the browser's check would.
              for (const e of error?.data?.errors ?? []) {
                const name = e.pointer?.split('/')[1];
                if (name === 'extJson' || name === 'userVersion' || name === 'userDesc' || name === 'templateId')
                  form.setError(name, { type: 'server' });
              }
            });
        }}
      >
        <TemplateField
          name="templateId"
          label={t('rollouts.start.template')}
          templates={templates}
          valueOf={(tpl) => tpl.templateId}
          onPick={(tpl) => tpl?.userVersion && form.setValue('userVersion', tpl.userVersion)}
        />
        <CodeVersionFields
          className="grid gap-3 md:grid-cols-2"
          labels={{
            version: t('rollouts.start.version'),
            description: t('rollouts.start.description'),
            extJson: t('rollouts.start.extJson'),
            extJsonHint: t('rollouts.start.extJsonHint'),
          }}
        />
        {form.watch('policy.mode') === 'submit_audit' && <AuditPageRows name="itemList" minRows={0} />}
        {refusedFor.length > 0 && (
          <div className="text-sm text-destructive" data-testid="rollout-refused">
            <p className="m-0">{t('rollouts.error.extInvalid')}</p>
            <ul className="m-0 list-disc pl-4" lang="en">
              {refusedFor.map((e) => (
                <li key={e.message}>{e.message}</li>
              ))}
            </ul>
          </div>
        )}

        <fieldset className="grid min-w-0 gap-2 border-0 p-0 [&_legend]:mb-1 [&_legend]:text-sm [&_legend]:font-semibold">
          <legend>{t('rollouts.start.targets')}</legend>
          {targetKinds.map((k) => (
            <label key={k} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="rollout-target-kind"
                value={k}
                checked={kind === k}
                onChange={() => setKind(k)}
              />
              {t(`rollouts.start.target.${k}`)}
            </label>
          ))}
          {kind === 'appIds' &&
            (mine.length === 0 ? (
              <p className="m-0 text-sm text-muted-foreground">{t('rollouts.start.noneToPick')}</p>
            ) : (
              <ul className="m-0 grid max-h-56 list-none gap-1.5 overflow-auto rounded-md border p-2">
                {mine.map((a) => {
                  const id = `pick-${a.appId}`;
                  return (
                    <li key={a.appId} className="flex items-center gap-2 text-sm">
                      <Checkbox
                        id={id}
                        checked={picked.includes(a.appId)}
                        aria-label={t('rollouts.start.pick', { name: a.nickname ?? a.appId })}
                        onCheckedChange={(on) =>
                          setPicked((now) => (on === true ? [...now, a.appId] : now.filter((x) => x !== a.appId)))
                        }
                      />
                      <label htmlFor={id}>
                        {a.nickname ?? a.appId} <code className="text-xs">{a.appId}</code>
                        {a.tenantId && <span className="text-muted-foreground"> · {a.tenantId}</span>}
                      </label>
                    </li>
                  );
                })}
              </ul>
            ))}
          {kind === 'sellerIds' && (
            <div className="grid gap-1.5">
              <Label htmlFor="rollout-seller-ids">{t('rollouts.start.sellerIds')}</Label>
              <Textarea
                id="rollout-seller-ids"
                rows={3}
                value={sellers}
                aria-describedby="rollout-seller-ids-hint"
                aria-invalid={Boolean(targetError)}
                onChange={(e) => setSellers(e.target.value)}
              />
              <p id="rollout-seller-ids-hint" className="m-0 text-xs text-muted-foreground">
                {t('rollouts.start.sellerIdsHint')}
              </p>
            </div>
          )}
          {targetError && <p className="m-0 text-sm text-destructive">{t('rollouts.preview.nothing')}</p>}
        </fieldset>

        <section
          aria-labelledby="preview-heading"
          className="grid gap-2 rounded-md border border-dashed p-3 [&_h3]:m-0 [&_h3]:text-sm"
          data-testid="rollout-preview"
        >
          <h3 id="preview-heading">{t('rollouts.preview.heading')}</h3>
          <p className="m-0 text-sm" role="status" data-testid="rollout-target-count">
            {!checkable
              ? t('rollouts.preview.nothing')
              : checked
                ? t('rollouts.preview.count', { count: checked.matched })
                : t('rollouts.preview.checking')}
          </p>
          {checked && checked.unknownAppIds.length > 0 && (
            <p className="m-0 text-sm text-destructive">
              {t('rollouts.preview.unknownAppIds', { appIds: checked.unknownAppIds.join(', ') })}
            </p>
          )}
          {checked && checked.unknownPlaceholders.length > 0 && (
            <p className="m-0 text-sm text-destructive">
              {t('rollouts.preview.unknownPlaceholders', { names: checked.unknownPlaceholders.join(', ') })}
            </p>
          )}
          {checked && checked.invalidCount > 0 && (
            <div className="text-sm text-destructive" data-testid="rollout-preview-invalid">
              <p className="m-0">{t('rollouts.preview.invalid', { count: checked.invalidCount })}</p>
              <ul className="m-0 list-disc pl-4">
                {checked.invalid.map((i) => (
                  <li key={i.appId}>
                    <code>{i.appId}</code>: <span lang="en">{i.error}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {candidates.length > 0 && (
            <div className="grid gap-1.5 md:max-w-md">
              <Label htmlFor="rollout-preview-app">{t('rollouts.preview.for')}</Label>
              <NativeSelect
                id="rollout-preview-app"
                value={checked?.preview?.appId ?? previewAppId}
                onChange={(e) => setPreviewAppId(e.target.value)}
              >
                {candidates.map((a) => (
                  <option key={a.appId} value={a.appId}>
                    {[a.nickname, a.appId, a.tenantId].filter(Boolean).join(' · ')}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          {checked?.preview?.extJson && (
            <figure className="m-0 grid gap-1">
              <figcaption className="text-xs text-muted-foreground">
                {t('rollouts.preview.rendered', { appId: checked.preview.appId })}
              </figcaption>
              <pre
                className="m-0 max-h-64 overflow-auto rounded-md bg-background p-3 font-mono text-xs break-all whitespace-pre-wrap"
                data-testid="rollout-preview-json"
                tabIndex={0}
              >
                {JSON.stringify(JSON.parse(checked.preview.extJson), null, 2)}
              </pre>
            </figure>
          )}
          {checked?.preview?.error && (
            <p className="m-0 text-sm text-destructive">
              {t('rollouts.preview.renderError', { appId: checked.preview.appId, error: checked.preview.error })}
            </p>
          )}
          <ErrorMessage error={checkable ? preview.error : null} />
        </section>

        <fieldset className="grid min-w-0 gap-3 border-0 p-0 md:grid-cols-3 [&_legend]:mb-1 [&_legend]:text-sm [&_legend]:font-semibold">
          <legend>{t('rollouts.start.policy')}</legend>
          <FormField
            control={form.control}
            name="policy.mode"
            label={t('rollouts.start.mode')}
            render={({ field }) => (
              <FormControl>
                <NativeSelect {...field}>
                  <option value="submit_audit">{t('rollouts.start.mode.submit_audit')}</option>
                  <option value="commit_only">{t('rollouts.start.mode.commit_only')}</option>
                </NativeSelect>
              </FormControl>
            )}
          />
          <FormField
            control={form.control}
            name="policy.release"
            label={t('rollouts.start.release')}
            render={({ field }) => (
              <FormControl>
                <NativeSelect {...field} disabled={form.watch('policy.mode') === 'commit_only'}>
                  <option value="auto">{t('rollouts.start.release.auto')}</option>
                  <option value="hold">{t('rollouts.start.release.hold')}</option>
                </NativeSelect>
              </FormControl>
            )}
          />
          <FormField
            control={form.control}
            name="policy.concurrency"
            label={t('rollouts.start.concurrency')}
            render={({ field }) => (
              <FormControl>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={50}
                  {...field}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(numberOrNothing(e.target.value))}
                />
              </FormControl>
            )}
          />
          {platform === 'providerA' && (
            <FormField
              control={form.control}
              name="policy.grayPercentage"
              label={t('rollouts.start.grayPercentage')}
              description={t('rollouts.start.grayPercentageHint')}
              render={({ field }) => (
                <FormControl>
                  <Input
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={100}
                    disabled={form.watch('policy.mode') === 'commit_only' || form.watch('policy.release') === 'hold'}
                    {...field}
                    value={field.value ?? ''}
                    onChange={(e) => field.onChange(numberOrNothing(e.target.value))}
                  />
                </FormControl>
              )}
            />
          )}
        </fieldset>
        <div>
          <Button type="submit" disabled={form.formState.isSubmitting || list.length === 0}>
            {form.formState.isSubmitting ? t('rollouts.start.busy') : t('rollouts.start.submit')}
          </Button>
        </div>
      </Form>
      {conflictWith ? (
        <p role="alert" className="m-0 text-sm text-destructive">
          {t('rollouts.error.conflict', { id: conflictWith[0] })}{' '}
          <Link href={rolloutPath(platformId, platform, conflictWith[0])}>{conflictWith[0]}</Link>
        </p>
      ) : (
        refusedFor.length === 0 && <ErrorMessage error={create.error} />
      )}
    </section>
  );
}
