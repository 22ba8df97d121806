'use client';

import { useI18n } from '@/i18n/i18n-provider';
import { api } from '@/trpc/react';
import { acceptErrorText } from './accept-error';
import { Button } from '@/components/ui/button';

/** Signed in as the invited address already: one button, the session is the proof. */
export function SignedInJoin(props: {
  token: string;
  email: string;
  platformName: string;
  onJoined: (platformId: string) => void;
}) {
  const { t } = useI18n();
  const accept = api.invitations.accept.useMutation({ onSuccess: ({ platformId }) => props.onJoined(platformId) });
  const problem = acceptErrorText(t, accept.error);
  return (
    <>
      <p>{t('invitation.signedInAs', { email: props.email })}</p>
      {problem && (
        <p role="alert" className="text-destructive">
          {problem}
        </p>
      )}
      <Button
        type="button"
        disabled={accept.isPending || accept.isSuccess}
        onClick={() => accept.mutate({ token: props.token })}
      >
        {accept.isPending ? t('invitation.busy') : t('invitation.join', { platform: props.platformName })}
      </Button>
    </>
  );
}
