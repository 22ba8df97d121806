'use client';

import dynamic from 'next/dynamic';
import { useSyncExternalStore } from 'react';

/**
 * Short confirmations of what just happened ("密钥已吊销"), announced politely to screen readers. Errors that
 * need the operator's attention stay on the screen next to what failed, not only in a toast.
 *
 * sonner is not page-load code: the toaster (its live region) mounts when a screen first says something, and
 * `toast.*` imports sonner then, so a page that never toasts neither downloads nor runs it. (Mounted right after
 * hydration, it cost every console page a chunk to evaluate while a phone was still busy with the page.) sonner
 * hands a toaster that subscribes late the toasts made before, so the first one is shown too.
 */
const ToasterImpl = dynamic(() => import('./toaster-impl'), { ssr: false });

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function Toaster({ label }: { label: string }) {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return show ? <ToasterImpl label={label} /> : null;
}

const sonner = () => {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  return import('sonner').then((m) => m.toast);
};

export const toast = {
  success: (message: string) => void sonner().then((t) => t.success(message)),
  error: (message: string) => void sonner().then((t) => t.error(message)),
  message: (message: string) => void sonner().then((t) => t(message)),
};
