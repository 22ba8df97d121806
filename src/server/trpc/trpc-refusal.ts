/**
 * A refusal made before tRPC runs (the cross-site guard), in the same error shape as every other tRPC error
 * (see errorFormatter in init.ts), so the console's client and tests read it the same way.
 */
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import type { AppError } from '@/server/errors';

export function trpcRefusal(error: AppError, requestId: string): Response {
  const code = error.status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'FORBIDDEN';
  const body = {
    error: {
      message: error.message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus: error.status, appCode: error.code, errors: [] },
    },
  };
  return Response.json(body, { status: error.status, headers: { 'x-request-id': requestId } });
}
