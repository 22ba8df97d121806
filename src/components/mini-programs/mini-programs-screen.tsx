'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { useMembership } from '@/components/membership';
import { AuthorizerList } from './authorizer-list';
import { StartAuthorizationPanel } from './start-authorization-panel';

/** The mini programs page: authorize a new one (operators and admins), and the list. */
export function MiniProgramsScreen() {
  const { t } = useI18n();
  const { can } = useMembership();
  return (
    <>
      <h1>{t('miniPrograms.title')}</h1>
      {can('operator') && <StartAuthorizationPanel />}
      <AuthorizerList />
    </>
  );
}
