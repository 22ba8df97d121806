import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/trpc/app-router';

type Outputs = inferRouterOutputs<AppRouter>;

/** A sub-merchant as the console receives it (personal values masked by the server). */
export type SubMerchantRecord = Outputs['subMerchants']['get'];
export type HistoryEntry = Outputs['subMerchants']['history'][number];

/** The merchant's name for titles: the licence name, else the short name; a fresh draft has none yet. */
export function merchantNameOf(record: SubMerchantRecord | undefined): string | undefined {
  const form = (record?.formData ?? {}) as { merchantName?: string; merchantShortname?: string };
  return form.merchantName || form.merchantShortname || undefined;
}

/** Field errors the tRPC error formatter attaches (`data.errors`), e.g. a 422 from submit. */
export function trpcFieldErrors(error: unknown): { pointer: string; code: string; message: string }[] {
  const data = (error as { data?: { errors?: unknown } } | null)?.data;
  return Array.isArray(data?.errors) ? (data.errors as { pointer: string; code: string; message: string }[]) : [];
}
