import { AuditLogScreen } from '@/components/audit-log/audit-log-screen';
import { ConsoleClient } from '@/components/console-client';
import { defaultLocale } from '@/i18n/locales';
import { translator } from '@/i18n/translate';
import { AUDIT_LOG_PAGE_SIZE } from '@/schemas/audit-log-requests';
import { hasRole } from '@/server/auth/roles';
import { consolePageTitle } from '@/server/console-session/console-metadata';
import { consoleSession } from '@/server/console-session/console-session';
import { TrpcProvider } from '@/trpc/react';
import { HydrateClient, serverApi } from '@/trpc/server';

export const generateMetadata = consolePageTitle('nav.auditLog');

/**
 * The platform's audit log, for admins (the navigation shows it to them only; the procedure refuses anyone
 * else). The first page is prefetched with the operator's own context and hydrated (docs/console.md).
 */
export default async function AuditLogPage({ params }: { params: Promise<{ platformId: string }> }) {
  const [{ platformId }, session] = await Promise.all([params, consoleSession()]);
  const t = translator(session?.operator.locale ?? defaultLocale);
  const role = session?.platforms.find((p) => p.platformId === platformId)?.role ?? 'viewer';
  const admin = hasRole(role, 'admin');
  if (admin) await serverApi.auditLog.list.prefetch({ platformId, limit: AUDIT_LOG_PAGE_SIZE }).catch(() => {});
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <h1 className="text-2xl font-semibold">{t('auditLog.title')}</h1>
      {admin ? (
        <ConsoleClient namespaces={['auditLog']}>
          <TrpcProvider>
            <HydrateClient>
              <AuditLogScreen platformId={platformId} />
            </HydrateClient>
          </TrpcProvider>
        </ConsoleClient>
      ) : (
        <p className="text-muted-foreground">{t('auditLog.onlyAdmins')}</p>
      )}
    </div>
  );
}
