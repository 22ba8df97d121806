'use client';

import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import type { Translate } from '@/i18n/translate';

/** What the console needs from a tRPC client error. */
export type ClientError = {
  message: string;
  data?: { code?: string; appCode?: string; errors?: { pointer?: string; code?: string; message?: string }[] } | null;
} | null;

// Our error codes (src/server/errors.ts) and tRPC's, each said in the operator's language.
const byCode: Record<string, MessageKey> = {
  audit_not_approved: 'ui.problem.auditNotApproved',
  audit_in_progress: 'ui.problem.auditInProgress',
  conflict: 'ui.problem.conflict',
  invalid_state: 'ui.problem.conflict',
  invalid_status_transition: 'ui.problem.conflict',
  upstream_rejected: 'ui.problem.upstreamRejected',
  upstream_unavailable: 'ui.problem.upstreamUnavailable',
  upstream_timeout: 'ui.problem.upstreamUnavailable',
  rate_limited: 'ui.problem.rateLimited',
  invalid_request: 'ui.problem.invalidRequest',
  not_found: 'ui.problem.notFound',
  forbidden: 'ui.problem.forbidden',
  BAD_REQUEST: 'ui.problem.invalidRequest',
  NOT_FOUND: 'ui.problem.notFound',
  FORBIDDEN: 'ui.problem.forbidden',
  UNAUTHORIZED: 'ui.problem.signedOut',
  CONFLICT: 'ui.problem.conflict',
  TOO_MANY_REQUESTS: 'ui.problem.rateLimited',
  TIMEOUT: 'ui.problem.upstreamUnavailable',
};

/**
 * A refusal in the operator's language: the screen's own words for codes it knows (`known`), else the console's
 * words for the error code, else a general "failed". Never the server's English sentence by itself.
 */
export function problemText(t: Translate, error: ClientError, known: Record<string, MessageKey> = {}): string {
  if (!error) return '';
  const fieldCode = error.data?.errors?.[0]?.code;
  const key =
    (fieldCode && known[fieldCode]) ??
    (error.data?.appCode && (known[error.data.appCode] ?? byCode[error.data.appCode])) ??
    (error.data?.code && (known[error.data.code] ?? byCode[error.data.code]));
  return t(key || 'ui.problem.failed');
}

/** Field errors of a refusal keyed by their JSON pointer without the slash (`/name` → `name`). */
export function fieldErrorsOf(error: ErrorLike): Record<string, string> {
  const data = error?.data as { errors?: { pointer?: string; message?: string }[] } | null | undefined;
  const entries = (data?.errors ?? [])
    .filter((e) => e.pointer && e.message)
    .map((e) => [e.pointer!.replace(/^\//, ''), e.message!] as const);
  return Object.fromEntries(entries);
}

/** Any tRPC client error (its `data` typed by the procedure's router); read through `ClientError`'s shape. */
type ErrorLike = { message: string; data?: unknown } | null | undefined;

/**
 * The console's one error display: the refusal (role="alert"), and the server's or upstream's own words one click
 * away ("原始信息"), which is what support and the upstream's documentation speak.
 */
export function ErrorMessage(props: { error: ErrorLike; known?: Record<string, MessageKey> }) {
  const { t } = useI18n();
  const error = (props.error ?? null) as ClientError;
  const known = props.known;
  if (!error) return null;
  const text = problemText(t, error, known);
  return (
    <div role="alert" className="grid gap-1 text-sm text-destructive">
      <p className="m-0">{text}</p>
      {error.message && error.message !== text && (
        <details className="text-muted-foreground">
          <summary className="cursor-pointer">{t('ui.problem.original')}</summary>
          <p className="m-0 mt-1 font-mono text-xs break-all" lang="en">
            {error.message}
          </p>
        </details>
      )}
    </div>
  );
}
