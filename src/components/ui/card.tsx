import type { ComponentProps } from 'react';
import { cn } from './cn';

/** A panel of a screen: a titled section with a border. Headings keep the page's outline (h2 by default). */
export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      data-slot="card"
      className={cn(
        'flex flex-col gap-4 rounded-lg border bg-card p-4 text-card-foreground shadow-xs sm:p-5',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-header" className={cn('flex flex-col gap-1', className)} {...props} />;
}

export function CardTitle({ className, as: Heading = 'h2', ...props }: ComponentProps<'h2'> & { as?: 'h2' | 'h3' }) {
  return <Heading data-slot="card-title" className={cn('m-0 text-base font-semibold', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p data-slot="card-description" className={cn('m-0 text-sm text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('flex flex-col gap-3', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex flex-wrap items-center gap-2', className)} {...props} />;
}
