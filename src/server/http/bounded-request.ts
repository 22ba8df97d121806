/**
 * Body limits for handlers that read the whole body themselves (tRPC, next-auth): left alone, they buffer and
 * parse a body of any size. The same limit as /v1 (API_BODY_LIMIT_BYTES), enforced the same way (parse-request.ts).
 */
import { NextRequest } from 'next/server';
import { getEnv } from '@/env';
import { AppError } from '@/server/errors';
import { declaredBodyLength, readBodyBytes } from './parse-request';

/** 413 for a declared Content-Length over the limit, before anything else is done or read. */
export function refuseDeclaredOversize(request: Request, limit = getEnv().API_BODY_LIMIT_BYTES) {
  const declared = declaredBodyLength(request);
  if (declared !== undefined && declared > limit) {
    throw new AppError('payload_too_large', `The request body exceeds the limit of ${limit} bytes.`);
  }
}

/**
 * The request with its body read into memory, never more than the limit: a chunked body is cut off (413) as
 * soon as it grows past it. Requests without a body come back as they are.
 */
export async function boundedRequest<R extends Request>(
  request: R,
  limit = getEnv().API_BODY_LIMIT_BYTES,
): Promise<R | NextRequest> {
  if (!request.body) return request;
  const body = await readBodyBytes(request, limit);
  return new NextRequest(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  });
}
