// The labels live in src/i18n so the server's CSV export says the same words as the screens.
export { providerKeys, stateKeys, statusKeys, statusLabels } from '@/i18n/status-labels';

/** The Badge variant (src/components/ui/badge) of each tone. */
export const toneVariant = { ok: 'success', warn: 'warning', '': 'default' } as const;

/** Badge colour of an upstream state: done, waiting on someone, or refused. */
export function stateTone(state: string | undefined): '' | 'ok' | 'warn' {
  if (state === 'finished') return 'ok';
  // waitingOnMerchant() spelled out: importing it would bring zod (its module's schemas) into the list's bundle.
  if (state === 'rejected' || state === 'canceled' || state === 'to_be_confirmed' || state === 'to_be_signed') {
    return 'warn';
  }
  return '';
}
