'use client';

import dynamic from 'next/dynamic';

/**
 * Short confirmations of what just happened ("密钥已吊销"), announced politely to screen readers. Errors that
 * need the operator's attention stay on the screen next to what failed, not only in a toast.
 *
 * sonner is not first-load code: the toaster mounts after hydration and `toast.*` imports sonner when a screen
 * first says something, so pages that never toast (and the shell, which holds the toaster) stay light.
 */
export const Toaster = dynamic(() => import('./toaster-impl'), { ssr: false });

const sonner = () => import('sonner').then((m) => m.toast);

export const toast = {
  success: (message: string) => void sonner().then((t) => t.success(message)),
  error: (message: string) => void sonner().then((t) => t.error(message)),
  message: (message: string) => void sonner().then((t) => t(message)),
};
