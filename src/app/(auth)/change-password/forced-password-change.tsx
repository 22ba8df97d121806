'use client';

import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { ChangePasswordPanel } from '@/components/settings/change-password-panel';

/**
 * The settings screen's password form. The change ends every session, this one included, so the operator is
 * signed in again with the password just chosen and the console opens (the home page picks the platform).
 */
export function ForcedPasswordChange({ email }: { email: string }) {
  const router = useRouter();
  return (
    <ChangePasswordPanel
      onChanged={async (newPassword) => {
        const result = await signIn('credentials', { email, password: newPassword, redirect: false });
        router.replace(result?.ok ? '/' : '/sign-in');
        router.refresh();
      }}
    />
  );
}
