import type { ReactNode } from 'react';

// Apart from confirm-dialog.tsx, which loads confirm-dialog-content.tsx lazily: the content needs these too.
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
