import { describe, expect, it } from 'vitest';
import { auditLogFiltersFromQuery, auditLogFiltersToQuery } from '@/schemas/audit-log-requests';

describe('audit log filters in the address', () => {
  it('round-trips every filter through the query string in one order', () => {
    const filters = {
      action: 'operator.password_reset',
      actorKind: 'operator',
      actorId: 'op_abc',
      from: '2026-11-01',
      to: '2026-11-28',
    } as const;
    const query = auditLogFiltersToQuery(filters);
    expect(query).toBe(
      'action=operator.password_reset&actorKind=operator&actorId=op_abc&from=2026-11-01&to=2026-11-28',
    );
    expect(auditLogFiltersFromQuery(Object.fromEntries(new URLSearchParams(query)))).toEqual(filters);
    expect(auditLogFiltersToQuery({})).toBe('');
  });

  it('drops what is not a valid filter on its own, keeping the rest (a stale or hand-edited link still opens)', () => {
    expect(
      auditLogFiltersFromQuery({
        action: 'no.such_action',
        actorKind: ['operator', 'apikey'],
        actorId: 'x'.repeat(65),
        from: '2026-02-30',
        to: '2026-11-28',
        cursor: 'abc',
      }),
    ).toEqual({ to: '2026-11-28' });
    expect(auditLogFiltersFromQuery({ from: '2026-11-28', to: '2026-11-01' })).toEqual({ from: '2026-11-28' });
  });
});
