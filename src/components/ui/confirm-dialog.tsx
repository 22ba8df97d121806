'use client';

import { Slot } from '@radix-ui/react-slot';
import dynamic from 'next/dynamic';
import { useState } from 'react';

import type { ConfirmDialogProps } from './confirm-dialog-props';

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
