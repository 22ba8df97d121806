'use client';

import { Slot } from '@radix-ui/react-slot';
import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';

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

// The dialog itself (Radix alert dialog, focus trap, scroll lock) loads when a confirmation first opens, so a
// page with a dozen dangerous buttons does not pay for it on first load.
const ConfirmDialogContent = dynamic(() => import('./confirm-dialog-content'), { ssr: false });

/**
 * Every irreversible or money-affecting action asks here first: what will happen, optionally a reason and a
 * type-to-confirm text. Cancel (button, Escape) closes without calling anything and forgets what was typed;
 * confirm calls `onConfirm` once, with the trimmed reason. Focus returns to the trigger when it closes.
 */
export function ConfirmDialog({ trigger, open: controlledOpen, onOpenChange, ...props }: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(false);
  const open = controlledOpen ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  return (
    <>
      {trigger && (
        <Slot aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
          {trigger}
        </Slot>
      )}
      {open && <ConfirmDialogContent {...props} setOpen={setOpen} />}
    </>
  );
}
