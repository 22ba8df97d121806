'use client';

import { MenuIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { buttonVariants } from '@/components/ui/button';

// The sheet (a Radix dialog: focus trap, scroll lock) loads on the first tap of the menu, not with every page.
const MobileNavSheet = dynamic(() => import('./mobile-nav-sheet'), { ssr: false });

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
  const [loaded, setLoaded] = useState(false);
  const pathname = usePathname();
  useEffect(() => setOpen(false), [pathname]);
  return (
    <>
      <button
        type="button"
        data-slot="button"
        aria-label={props.openLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        className={buttonVariants({ variant: 'outline', size: 'icon' })}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <MenuIcon aria-hidden="true" />
      </button>
      {loaded && (
        <MobileNavSheet
          open={open}
          onOpenChange={setOpen}
          title={props.title}
          description={props.description}
          closeLabel={props.closeLabel}
        >
          {props.children}
        </MobileNavSheet>
      )}
    </>
  );
}
