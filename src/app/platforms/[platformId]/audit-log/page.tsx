import { AuditLogScreen } from '@/components/audit-log/audit-log-screen';
import { ConsoleClient } from '@/components/console-client';
import { defaultLocale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';
import { AUDIT_LOG_PAGE_SIZE, auditLogFiltersFromQuery, auditLogFiltersToQuery } from '@/schemas/audit-log-requests';
import { hasRole } from '@/server/auth/roles';
import { consolePageTitle } from '@/server/console-session/console-metadata';
import { consoleSession } from '@/server/console-session/console-session';
import { TrpcProvider } from '@/trpc/react';
import { HydrateClient, serverApi } from '@/trpc/server';

export const generateMetadata = consolePageTitle('nav.auditLog');

/**
 * The platform's audit log, for admins (the navigation shows it to them only; the procedure refuses anyone
 * else). Filters come from the query string. The first page is prefetched with the operator's own context and hydrated (docs/console.md).
 */
export default async function AuditLogPage({
  params,
  searchParams,
}: {
  params: Promise<{ platformId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ platformId }, query, session] = await Promise.all([params, searchParams, consoleSession()]);
  // The filters live in the address, so a filtered view can be linked and survives a reload.
  const filters = auditLogFiltersFromQuery(query);
  const t = translator(session?.operator.locale ?? defaultLocale);
  const role = session?.platforms.find((p) => p.platformId === platformId)?.role ?? 'viewer';
  const admin = hasRole(role, 'admin');
  if (admin)
    await serverApi.auditLog.list.prefetch({ platformId, limit: AUDIT_LOG_PAGE_SIZE, ...filters }).catch(() => {});
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('auditLog.title')}</h1>
      {admin ? (
        <ConsoleClient namespaces={['auditLog']}>
          <TrpcProvider>
            <HydrateClient>
              <AuditLogScreen key={auditLogFiltersToQuery(filters)} platformId={platformId} filters={filters} />
            </HydrateClient>
          </TrpcProvider>
        </ConsoleClient>
      ) : (
        <p className="text-muted-foreground">{t('auditLog.onlyAdmins')}</p>
      )}
    </div>
  );
}
