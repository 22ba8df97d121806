'use client';

import { useRouter } from 'next/navigation';
import { ChangePasswordPanel } from '@/components/settings/change-password-panel';

/** The settings screen's password form; once changed, the console opens (the home page picks the platform). */
export function ForcedPasswordChange() {
  const router = useRouter();
  return (
    <ChangePasswordPanel
      onChanged={() => {
        router.replace('/');
        router.refresh();
      }}
    />
  );
}
