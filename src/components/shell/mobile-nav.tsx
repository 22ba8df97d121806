'use client';

import { MenuIcon } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';

/**
 * Below the `md` breakpoint the sidebar folds into this menu button; the sheet holds the same navigation (server
 * rendered, passed in as children) and closes when the operator moves to another page.
 */
export function MobileNav(props: {
  title: string;
  description: string;
  openLabel: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" aria-label={props.openLabel}>
          <MenuIcon aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left" closeLabel={props.closeLabel}>
        <SheetTitle>{props.title}</SheetTitle>
        <SheetDescription className="sr-only">{props.description}</SheetDescription>
        {props.children}
      </SheetContent>
    </Sheet>
  );
}
