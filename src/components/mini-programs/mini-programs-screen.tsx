'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { useMembership } from '@/components/membership';
import { AuthorizerList } from './authorizer-list';
import { StartAuthorizationPanel } from './start-authorization-panel';

/** The mini programs page: authorize a new one (operators and admins), and the list. */
export function MiniProgramsScreen() {
  const { t } = useI18n();
  const { can, platformId } = useMembership();
  // While a seller link issued here is valid, the seller may authorize at any moment: the list keeps checking.
  const [linkValidUntil, setLinkValidUntil] = useState(0);
  return (
    <>
      <h1>{t('miniPrograms.title')}</h1>
      <p>
        <Link href={`/platforms/${platformId}/mini-programs/rollouts`}>{t('miniPrograms.rolloutsLink')}</Link>
      </p>
      {can('operator') && <StartAuthorizationPanel onLinkIssued={(expiresAt) => setLinkValidUntil(expiresAt)} />}
      <AuthorizerList pollUntil={linkValidUntil} />
    </>
  );
}
