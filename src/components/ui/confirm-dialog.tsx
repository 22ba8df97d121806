'use client';

import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '@/i18n/i18n-provider';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from './alert-dialog';
import { Button } from './button';
import { Input } from './input';
import { Label } from './label';
import { Textarea } from './textarea';

/** The same limit as the `reason` field of the mutations (z.string().trim().max(500)). */
export const REASON_MAX_LENGTH = 500;

export type ConfirmDialogProps = {
  /** The button that opens the dialog; or drive it with `open` / `onOpenChange`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  /** What will happen, in the operator's words: what changes, for whom, whether it can be undone. */
  description: ReactNode;
  /** More detail under the description (the record it acts on, consequences as a list). */
  children?: ReactNode;
  confirmLabel: string;
  destructive?: boolean;
  /** Ask for a reason (recorded with the action): optional, or required before the button enables. */
  reason?: 'optional' | 'required';
  /** Type-to-confirm: the button enables only when this exact text is typed (a key's name, a merchant's name). */
  confirmText?: string;
  /** Runs the action. The dialog closes when it resolves and stays open (inputs kept) when it rejects. */
  onConfirm: (input: { reason?: string }) => Promise<unknown> | void;
  /** The failure to show inside the dialog, already in the operator's language. */
  error?: ReactNode;
};

/**
 * Every irreversible or money-affecting action asks here first. Cancel (button, Escape) closes without calling
 * anything and forgets what was typed; confirm calls `onConfirm` once, with the trimmed reason.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useI18n();
  const id = useId();
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = props.open ?? uncontrolledOpen;
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);

  const setOpen = (next: boolean) => {
    if (pending) return;
    if (!next) {
      setReason('');
      setTyped('');
    }
    setUncontrolledOpen(next);
    props.onOpenChange?.(next);
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
      setOpen(false);
    } catch {
      // The caller shows the failure through `error`; the dialog stays open so the operator can retry or cancel.
      setPending(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      {props.trigger && <AlertDialogTrigger asChild>{props.trigger}</AlertDialogTrigger>}
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
