'use client';

import { Toaster as Sonner, toast } from 'sonner';

/**
 * Short confirmations of what just happened ("密钥已吊销"), announced politely to screen readers. Errors that
 * need the operator's attention stay on the screen next to what failed, not only in a toast.
 */
export function Toaster({ label }: { label: string }) {
  return (
    <Sonner
      position="top-center"
      containerAriaLabel={label}
      toastOptions={{
        classNames: {
          toast: 'rounded-lg border bg-card text-card-foreground shadow-lg text-sm',
          description: 'text-muted-foreground',
        },
      }}
    />
  );
}

export { toast };
