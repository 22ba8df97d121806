import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; a later Tailwind class overrides an earlier one of the same property (caller's `className` wins). */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
