import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { AppError } from '@/server/errors';
import { toAppError } from '@/server/http/problem';
import { zodIssuesToFieldErrors } from '@/server/zod-errors';

export const trpcCodeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  502: 'BAD_GATEWAY',
  504: 'GATEWAY_TIMEOUT',
};

/** The one mapping from AppError to tRPC; the original AppError rides along as the cause for the formatter. */
export function toTRPCError(error: unknown): TRPCError {
  if (error instanceof TRPCError && !(error.cause instanceof ZodError)) return error;
  const cause = error instanceof TRPCError ? error.cause : error;
  const appError: AppError =
    cause instanceof ZodError
      ? new AppError('invalid_request', 'The input does not match the expected schema.', {
          errors: zodIssuesToFieldErrors(cause.issues),
        })
      : toAppError(cause);
  return new TRPCError({
    code: trpcCodeByStatus[appError.status] ?? 'INTERNAL_SERVER_ERROR',
    message: appError.message,
    cause: appError,
  });
}
