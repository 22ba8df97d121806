'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { defaultTimeZone } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { Form, FormControl, FormField, useZodForm } from '@/components/ui/form';
import { timeZoneForm } from '@/schemas/operator-requests';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toast';

// A fixed list, not Intl.supportedValuesOf: the server's and the browser's lists differ, and the page is rendered
// on both. The server accepts any IANA name (the API and tRPC), so a zone missing here can still be set.
const zones = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Kolkata',
  'Asia/Dubai',
  'Europe/London',
  'Europe/Berlin',
  'Europe/Paris',
  'America/New_York',
  'America/Chicago',
  'America/Los_Angeles',
  'America/Sao_Paulo',
  'Australia/Sydney',
  'UTC',
];

/** The operator's time zone: every time in the console is formatted in it, on the server and in the browser. */
export function TimeZonePanel() {
  const { t, locale, format } = useI18n();
  const router = useRouter();
  const me = api.me.get.useQuery();
  // The profile's zone is always set (the language's default when none was chosen); the select shows "default".
  // The profile is prefetched with the page, so the saved choice is there on the first render.
  const chosen = me.data?.operator?.timeZoneChosen ? me.data.operator.timeZone : '';
  const form = useZodForm(timeZoneForm, { defaultValues: { timeZone: chosen } });
  const save = api.me.setTimeZone.useMutation({
    onSuccess: () => {
      toast.success(t('auditLog.timeZoneSaved'));
      // Server-rendered screens (the work queue) format with the zone too: render them again with the new one.
      router.refresh();
    },
  });
  // "No choice" follows the browser's zone (shell/browser-time-zone.tsx). Without a choice the page is already in
  // it; with one, the browser's zone is read once the page runs in the browser.
  const [browserZone, setBrowserZone] = useState<string>();
  useEffect(() => setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const followed = me.data?.operator?.timeZoneChosen ? (browserZone ?? defaultTimeZone(locale)) : format.timeZone;
  const current = form.watch('timeZone') ?? '';
  const options = current && !zones.includes(current) ? [current, ...zones] : zones;
  return (
    <section id="time-zone" aria-labelledby="time-zone-heading" className="flex flex-col gap-3">
      <h2 id="time-zone-heading" className="text-lg font-semibold">
        {t('auditLog.timeZone')}
      </h2>
      <Form
        form={form}
        aria-labelledby="time-zone-heading"
        className="flex flex-wrap items-start gap-2"
        onSubmit={({ timeZone }) => save.mutateAsync({ timeZone: timeZone ?? null }).catch(() => undefined)}
      >
        <FormField
          control={form.control}
          name="timeZone"
          label={t('auditLog.timeZone')}
          description={`${t('auditLog.timeZoneHint')} (${format.timeZone})`}
          className="min-w-0"
          render={({ field }) => (
            <FormControl>
              <NativeSelect {...field} value={field.value ?? ''}>
                <option value="">{t('auditLog.timeZoneDefault', { zone: followed })}</option>
                {options.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
          )}
        />
        <Button type="submit" className="sm:mt-6" disabled={form.formState.isSubmitting}>
          {t('auditLog.timeZoneSave')}
        </Button>
      </Form>
      <ErrorMessage error={save.error} />
    </section>
  );
}
