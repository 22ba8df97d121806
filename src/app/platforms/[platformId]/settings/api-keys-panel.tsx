'use client';

import { useState } from 'react';
import { api } from '@/trpc/react';

const allServices = ['payments', 'miniprogram'] as const;

export function ApiKeysPanel({ platformId }: { platformId: string }) {
  const utils = api.useUtils();
  const keys = api.apiKeys.list.useQuery({ platformId });
  const [name, setName] = useState('');
  const [services, setServices] = useState<string[]>([...allServices]);
  const [revealed, setRevealed] = useState<string | null>(null);
  const create = api.apiKeys.create.useMutation({
    onSuccess: (key) => {
      setRevealed(key.secret);
      setName('');
      void utils.apiKeys.list.invalidate();
    },
  });
  const revoke = api.apiKeys.revoke.useMutation({ onSuccess: () => void utils.apiKeys.list.invalidate() });

  return (
    <section className="panel" aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading">API keys</h2>
      {revealed && (
        <div role="status">
          <p><strong>Copy this key now.</strong> It is shown only once and stored only as a hash.</p>
          <p className="secret" data-testid="new-api-key">{revealed}</p>
          <button className="secondary" onClick={() => setRevealed(null)}>Done</button>
        </div>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ platformId, name: name || 'API key', services: services as ('payments' | 'miniprogram')[] });
        }}
      >
        <div style={{ flex: 1 }}>
          <label htmlFor="key-name">Key name</label>
          <input id="key-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Production backend" />
        </div>
        <fieldset style={{ border: 0, padding: 0 }}>
          <legend className="muted">Services</legend>
          {allServices.map((s) => (
            <label key={s} style={{ display: 'inline-flex', gap: '.35rem', fontWeight: 400, marginRight: '.75rem' }}>
              <input
                type="checkbox"
                style={{ width: 'auto' }}
                checked={services.includes(s)}
                onChange={(e) => setServices((cur) => (e.target.checked ? [...cur, s] : cur.filter((x) => x !== s)))}
              />
              {s}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={create.isPending || services.length === 0}>Create key</button>
      </form>
      {create.error && <p role="alert" className="error">{create.error.message}</p>}
      {keys.error && <p role="alert" className="error">{keys.error.message}</p>}
      <table style={{ marginTop: '1rem' }}>
        <thead>
          <tr><th>Name</th><th>Key</th><th>Services</th><th>Last used</th><th>Status</th><th /></tr>
        </thead>
        <tbody>
          {keys.data?.map((key) => (
            <tr key={key.id}>
              <td>{key.name}</td>
              <td><code>{key.displayPrefix}</code></td>
              <td>{key.services.join(', ')}</td>
              <td>{key.lastUsedAt ? new Date(key.lastUsedAt).toLocaleString() : 'never'}</td>
              <td>{key.revokedAt ? <span className="badge">revoked</span> : <span className="badge ok">active</span>}</td>
              <td>
                {!key.revokedAt && (
                  <button className="danger" aria-label={`Revoke ${key.name}`} onClick={() => revoke.mutate({ platformId, keyId: key.id })}>
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
