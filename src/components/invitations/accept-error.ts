import { problemText } from '@/components/ui/error-message';
import type { Translate } from '@/i18n/translate';
import type { MessageKey } from '@/i18n/messages/en';

type ClientError = {
  message: string;
  data?: { appCode?: string; errors?: { pointer: string; code: string }[] } | null;
} | null;

const byCode: Record<string, MessageKey> = {
  unknown: 'invitation.state.unknown',
  expired: 'invitation.state.expired',
  revoked: 'invitation.state.revoked',
  used: 'invitation.state.accepted',
  sign_in_required: 'invitation.signInRequired',
  password_change_required: 'invitation.mustChangePassword',
};
const byPointer: Record<string, MessageKey> = {
  '/password': 'invitation.passwordRules',
  '/name': 'invitation.nameRequired',
};

/** A refused accept in the page's language; anything unforeseen gets the console's general words for its code. */
export function acceptErrorText(t: Translate, error: ClientError): string | null {
  if (!error) return null;
  const field = error.data?.errors?.[0];
  const key =
    (field && (byCode[field.code] ?? byPointer[field.pointer])) ??
    (error.data?.appCode ? byCode[error.data.appCode] : undefined);
  return key ? t(key) : problemText(t, error);
}

const linkStates = ['unknown', 'expired', 'used'] as const;

/** A mailed link's refusal (unknown, expired, used) in the words of the page it opened, else null. */
export function linkStateText(t: Translate, page: 'signUp' | 'passwordReset', error: ClientError): string | null {
  const code = error?.data?.errors?.[0]?.code;
  const state = linkStates.find((s) => s === code);
  return state ? t(`${page}.state.${state}`) : null;
}
