import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { fieldClasses } from './input';

/**
 * The platform's own <select> with the console's look: for short, fixed lists where the phone's native picker is
 * the better control (language, platform). Use Select (Radix) when options need more than text.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative w-full">
      <select
        data-slot="native-select"
        className={cn(fieldClasses, 'h-9 cursor-pointer appearance-none py-0 pr-8 leading-normal', className)}
        {...props}
      />
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 opacity-60"
        aria-hidden="true"
      />
    </div>
  );
}
