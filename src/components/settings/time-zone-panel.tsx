'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { defaultTimeZone } from '@/i18n/format';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
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
  const chosen = me.data?.operator?.timeZoneChosen ? me.data.operator.timeZone : '';
  const [value, setValue] = useState<string | null>(null);
  const current = value ?? chosen;
  const save = api.me.setTimeZone.useMutation({
    onSuccess: () => {
      toast.success(t('auditLog.timeZoneSaved'));
      // Server-rendered screens (the work queue) format with the zone too: render them again with the new one.
      router.refresh();
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ timeZone: current || null });
  };
  const options = current && !zones.includes(current) ? [current, ...zones] : zones;
  return (
    <form id="time-zone" aria-labelledby="time-zone-heading" onSubmit={onSubmit} className="flex flex-col gap-3">
      <h2 id="time-zone-heading" className="text-lg font-semibold">
        {t('auditLog.timeZone')}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="time-zone-select">{t('auditLog.timeZone')}</Label>
          <NativeSelect
            id="time-zone-select"
            value={current}
            aria-describedby="time-zone-hint"
            onChange={(event) => setValue(event.target.value)}
          >
            <option value="">{t('auditLog.timeZoneDefault', { zone: defaultTimeZone(locale) })}</option>
            {options.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" disabled={save.isPending}>
          {t('auditLog.timeZoneSave')}
        </Button>
      </div>
      <p id="time-zone-hint" className="text-sm text-muted-foreground">
        {t('auditLog.timeZoneHint')} ({format.timeZone})
      </p>
      {save.error && (
        <p role="alert" className="text-sm text-destructive">
          {save.error.message}
        </p>
      )}
    </form>
  );
}
