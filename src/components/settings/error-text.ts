import type { Translate } from '@/i18n/translate';
import type { MessageKey } from '@/i18n/messages/en';

type ClientError = {
  message: string;
  data?: { code?: string; appCode?: string; errors?: { pointer: string; code: string; message: string }[] } | null;
} | null;

/**
 * A tRPC error in the operator's language: known field codes and error codes first (the caller's map, then
 * the common ones), else the server's own message (English), which still says precisely what went wrong.
 */
export function errorText(t: Translate, error: ClientError, known: Record<string, MessageKey> = {}): string {
  if (!error) return '';
  const fieldCode = error.data?.errors?.[0]?.code;
  const key =
    (fieldCode && known[fieldCode]) ??
    (error.data?.appCode && known[error.data.appCode]) ??
    (error.data?.code && known[error.data.code]);
  if (key) return t(key);
  if (error.data?.code === 'FORBIDDEN') return t('settings.error.forbidden');
  if (error.data?.code === 'NOT_FOUND') return t('settings.error.notFound');
  return error.message;
}
