import type { ComponentProps } from 'react';
import { cn } from './cn';

export const fieldClasses =
  'w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-55 aria-invalid:border-destructive sm:text-sm';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" type={type} className={cn(fieldClasses, 'h-9', className)} {...props} />;
}
