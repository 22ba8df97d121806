'use client';

import { useId, useState } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from './alert-dialog';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';
import { Textarea } from './textarea';
import { REASON_MAX_LENGTH, type ConfirmDialogProps } from './confirm-dialog-props';

/**
 * The dialog of ConfirmDialog, loaded the first time one opens (Radix's alert dialog is not first-load code).
 * It is mounted only while open, so what was typed is forgotten when it closes.
 */
export default function ConfirmDialogContent(
  props: Omit<ConfirmDialogProps, 'trigger' | 'open' | 'onOpenChange'> & { setOpen: (open: boolean) => void },
) {
  const { t } = useI18n();
  const id = useId();
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);

  const setOpen = (next: boolean) => {
    if (!pending) props.setOpen(next);
  };

  const trimmedReason = reason.trim();
  const ready =
    !pending &&
    (props.confirmText === undefined || typed.trim() === props.confirmText) &&
    (props.reason !== 'required' || trimmedReason.length > 0) &&
    trimmedReason.length <= REASON_MAX_LENGTH;

  const confirm = async () => {
    if (!ready) return;
    setPending(true);
    try {
      await props.onConfirm({ reason: props.reason && trimmedReason ? trimmedReason : undefined });
      setPending(false);
      props.setOpen(false);
    } catch {
      // The caller shows the failure through `error`; the dialog stays open so the operator can retry or cancel.
      setPending(false);
    }
  };

  return (
    <AlertDialog open onOpenChange={setOpen}>
      <AlertDialogContent data-testid="confirm-dialog">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{props.title}</AlertDialogTitle>
            <AlertDialogDescription asChild={typeof props.description !== 'string'}>
              {typeof props.description === 'string' ? props.description : <div>{props.description}</div>}
            </AlertDialogDescription>
          </AlertDialogHeader>
          {props.children}
          {props.reason && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-reason`}>
                {props.reason === 'required' ? t('ui.reason') : t('ui.reasonOptional')}
              </Label>
              <Textarea
                id={`${id}-reason`}
                value={reason}
                maxLength={REASON_MAX_LENGTH}
                required={props.reason === 'required'}
                onChange={(event) => setReason(event.target.value)}
                aria-describedby={`${id}-reason-hint`}
              />
              <p id={`${id}-reason-hint`} className="m-0 text-xs text-muted-foreground">
                {t('ui.reasonHint', { max: REASON_MAX_LENGTH })}
              </p>
            </div>
          )}
          {props.confirmText !== undefined && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-confirm-text`}>{t('ui.typeToConfirm', { text: props.confirmText })}</Label>
              <Input
                id={`${id}-confirm-text`}
                value={typed}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => setTyped(event.target.value)}
              />
            </div>
          )}
          {props.error && (
            <p role="alert" className="m-0 text-sm text-destructive">
              {props.error}
            </p>
          )}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>{t('ui.cancel')}</AlertDialogCancel>
            <Button type="submit" variant={props.destructive ? 'destructive' : 'default'} disabled={!ready}>
              {pending ? t('ui.working') : props.confirmLabel}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
