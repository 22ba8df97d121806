'use client';

import { useState } from 'react';
import { api } from '@/trpc/react';

export function SubMerchantList({ platformId }: { platformId: string }) {
  const [distributor, setDistributor] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const query = api.subMerchants.list.useQuery({
    platformId,
    limit: 20,
    cursor: cursors.at(-1),
    distributor_external_user_id: distributor.trim() || undefined,
  });
  const page = query.data;
  return (
    <section aria-labelledby="list-heading">
      <h2 id="list-heading" className="muted">
        All onboarding records of this platform
      </h2>
      <div className="row panel">
        <div style={{ flex: 1 }}>
          <label htmlFor="distributor-filter">Distributor id</label>
          <input id="distributor-filter" value={distributor} onChange={(e) => { setDistributor(e.target.value); setCursors([]); }} placeholder="seller id in your system" />
        </div>
      </div>
      {query.isLoading && <p>Loading…</p>}
      {query.error && <p role="alert" className="error">{query.error.message}</p>}
      {page && page.data.length === 0 && (
        <div className="panel">
          <p>No sub-merchants yet.</p>
          <p className="muted">
            Integrators create them with <code>POST /v1/payments/sub-merchants</code>; see the API reference.
          </p>
        </div>
      )}
      {page && page.data.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Record</th><th>Distributor</th><th>Provider</th><th>Status</th><th>Upstream state</th><th>Updated</th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((sm) => (
              <tr key={sm.id}>
                <td><code>{sm.id}</code></td>
                <td>{sm.distributorExternalUserId ?? <span className="muted">platform&apos;s own</span>}</td>
                <td>{sm.provider}</td>
                <td><span className={`badge ${sm.status === 'active' ? 'ok' : ''}`}>{sm.status}</span></td>
                <td>{sm.chApplymentState ?? <span className="muted">draft</span>}</td>
                <td>{new Date(sm.updatedAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="row" style={{ marginTop: '1rem' }}>
        <button className="secondary" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>Previous</button>
        <button className="secondary" disabled={!page?.hasMore} onClick={() => page?.nextCursor && setCursors((c) => [...c, page.nextCursor!])}>Next</button>
      </div>
    </section>
  );
}
