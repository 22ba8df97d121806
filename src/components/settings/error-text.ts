import type { MessageKey } from '@/i18n/messages/en';
import type { Translate } from '@/i18n/translate';
import { problemText, type ClientError } from '@/components/shared/error-message';

/** A tRPC error in the operator's language (src/components/shared/error-message.tsx); `known` names the screen's codes. */
export function errorText(t: Translate, error: ClientError, known: Record<string, MessageKey> = {}): string {
  return problemText(t, error, known);
}
