'use client';

import { useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import { Button } from './button';

/** Copies a text and says so in a live region (screen readers hear "Copied"). */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <Button variant="secondary" type="button" onClick={() => void copy()}>
        {label ?? t('ui.copyLink')}
      </Button>
      <span role="status" className={state === 'failed' ? 'text-destructive' : 'text-muted-foreground'}>
        {state === 'copied' ? t('ui.copied') : state === 'failed' ? t('ui.copyFailed') : ''}
      </span>
    </>
  );
}
