import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A placeholder while data loads; the region that holds it says aria-busy, the shape itself is hidden from readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
