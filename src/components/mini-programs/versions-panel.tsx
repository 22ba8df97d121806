'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import type { Provider } from '@/domain/providers';
import { ErrorMessage } from '@/components/ui/error-message';

/** What the upstream itself says about the versions; asked only when opened (it is an upstream call). */
export function VersionsPanel(props: { platformId: string; platform: Provider; appId: string }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const versions = api.miniPrograms.versions.useQuery(
    { platformId: props.platformId, platform: props.platform, authorizerAppId: props.appId },
    { enabled: open, staleTime: 0 },
  );
  return (
    <section
      className="mb-4 grid gap-3 rounded-lg border bg-card p-4 sm:p-5 [&_h2]:m-0"
      aria-labelledby="versions-heading"
    >
      <h2 id="versions-heading">{t('miniPrograms.versions.heading')}</h2>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{t('miniPrograms.versions.show')}</summary>
        {versions.isLoading && open && <p>{t('common.loading')}</p>}
        <ErrorMessage error={versions.error} />
        {versions.data && (
          <pre className="max-h-80 overflow-auto rounded-md bg-background p-3 font-mono text-xs break-all whitespace-pre-wrap">
            {JSON.stringify(versions.data, null, 2)}
          </pre>
        )}
      </details>
    </section>
  );
}
