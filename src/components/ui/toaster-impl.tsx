'use client';

import { Toaster as Sonner } from 'sonner';

/** sonner's toaster with the console's look; loaded after the page (see toast.tsx). */
export default function ToasterImpl({ label }: { label: string }) {
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
