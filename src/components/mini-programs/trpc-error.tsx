/** What the console needs from a tRPC error: its message, and field errors keyed by their JSON pointer. */
type ErrorLike = { message: string; data?: unknown } | null | undefined;

export function fieldErrorsOf(error: ErrorLike): Record<string, string> {
  const data = error?.data as { errors?: { pointer?: string; message?: string }[] } | null | undefined;
  const entries = (data?.errors ?? [])
    .filter((e) => e.pointer && e.message)
    .map((e) => [e.pointer!.replace(/^\//, ''), e.message!] as const);
  return Object.fromEntries(entries);
}

export function ErrorAlert({ error }: { error: ErrorLike }) {
  if (!error) return null;
  return (
    <p role="alert" className="error">
      {error.message}
    </p>
  );
}
