'use client';

import { useState } from 'react';
import { platformConfigKeys } from '@/schemas/platform-config';
import { api } from '@/trpc/react';

const help: Record<string, string> = {
  'payments.notify_url': 'Where sub_merchant.updated events are sent.',
  'payments.default_commission_rate': 'Percentage (0–100, two decimals) for new sub-merchants.',
  'miniprogram.audit_notify_url': 'Where mini-program audit results are pushed.',
  'miniprogram.template_mode': 'upstream or manual.',
  'miniprogram.template_mode.providerA': 'Overrides the mode for providerA.',
  'miniprogram.template_mode.providerB': 'Overrides the mode for providerB.',
  'miniprogram.redirect_uri_allowlist': 'Comma-separated hosts allowed as authorization redirect targets.',
};

export function PlatformConfigPanel({ platformId, canEdit }: { platformId: string; canEdit: boolean }) {
  const config = api.platformConfig.get.useQuery({ platformId });
  return (
    <section className="panel" aria-labelledby="config-heading">
      <h2 id="config-heading">Platform configuration</h2>
      {config.error && <p role="alert" className="error">{config.error.message}</p>}
      {config.data &&
        platformConfigKeys.map((key) => <ConfigRow key={key} platformId={platformId} name={key} value={config.data[key]} canEdit={canEdit} />)}
    </section>
  );
}

function ConfigRow({ platformId, name, value, canEdit }: { platformId: string; name: string; value: unknown; canEdit: boolean }) {
  const utils = api.useUtils();
  const initial = Array.isArray(value) ? value.join(', ') : value === undefined ? '' : String(value);
  const [draft, setDraft] = useState(initial);
  const set = api.platformConfig.set.useMutation({ onSuccess: () => void utils.platformConfig.get.invalidate() });
  const id = `config-${name.replace(/\W/g, '-')}`;
  return (
    <form
      className="row"
      onSubmit={(e) => {
        e.preventDefault();
        set.mutate({ platformId, key: name, value: draft.trim() === '' ? null : draft });
      }}
    >
      <div style={{ flex: 1 }}>
        <label htmlFor={id}><code>{name}</code></label>
        <input id={id} value={draft} readOnly={!canEdit} onChange={(e) => setDraft(e.target.value)} aria-describedby={`${id}-help`} aria-invalid={set.error ? true : undefined} />
        <small id={`${id}-help`} className={set.error ? 'error' : 'muted'}>{set.error?.message ?? help[name]}</small>
      </div>
      {canEdit && (
        <button type="submit" className="secondary" disabled={set.isPending}>{set.isSuccess && draft === initial ? 'Saved' : 'Save'}</button>
      )}
    </form>
  );
}
