'use client';

import { ErrorMessage, type ClientError } from '@/components/shared/error-message';

/** What the console needs from a tRPC error: its message, and field errors keyed by their JSON pointer. */
type ErrorLike = { message: string; data?: unknown } | null | undefined;

export function fieldErrorsOf(error: ErrorLike): Record<string, string> {
  const data = error?.data as { errors?: { pointer?: string; message?: string }[] } | null | undefined;
  const entries = (data?.errors ?? [])
    .filter((e) => e.pointer && e.message)
    .map((e) => [e.pointer!.replace(/^\//, ''), e.message!] as const);
  return Object.fromEntries(entries);
}

/** A refusal in the operator's language with the original words one step away. */
export function ErrorAlert({ error }: { error: ErrorLike }) {
  return <ErrorMessage error={(error ?? null) as ClientError} />;
}
