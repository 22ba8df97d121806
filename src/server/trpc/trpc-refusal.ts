/**
 * A refusal made before tRPC runs (body and batch limits, the cross-site guard, the rate limit), in the same
 * error shape as every other tRPC error (see errorFormatter in init.ts), so the console's client and tests read
 * it the same way. Retry-After and RateLimit headers ride along as on /v1.
 */
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { AppError } from '@/server/errors';
import { trpcCodeByStatus } from './errors';

export function trpcRefusal(error: AppError, requestId: string): Response {
  const code = trpcCodeByStatus[error.status] ?? 'INTERNAL_SERVER_ERROR';
  const body = {
    error: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus: error.status, appCode: error.code, errors: error.errors },
    },
  };
  const headers: Record<string, string> = { 'x-request-id': requestId, ...error.options.headers };
  if (error.options.retryAfterSeconds !== undefined) headers['Retry-After'] = String(error.options.retryAfterSeconds);
  return Response.json(body, { status: error.status, headers });
}
