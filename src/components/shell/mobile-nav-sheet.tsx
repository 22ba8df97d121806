'use client';

import type { ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

/** The phone navigation's sheet, loaded the first time the menu opens (see mobile-nav.tsx). */
export default function MobileNavSheet(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Sheet open={props.open} onOpenChange={props.onOpenChange}>
      <SheetContent side="left" closeLabel={props.closeLabel}>
        <SheetTitle>{props.title}</SheetTitle>
        <SheetDescription className="sr-only">{props.description}</SheetDescription>
        {props.children}
      </SheetContent>
    </Sheet>
  );
}
