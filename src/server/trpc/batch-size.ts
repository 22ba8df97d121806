import { AppError } from '@/server/errors';
import { TRPC_MAX_BATCH_SIZE } from '@/schemas/trpc-batch-limit';

/**
 * How many procedures a /api/trpc request calls, read from its URL as tRPC does (`a,b,c?batch=1`): 400 above
 * TRPC_MAX_BATCH_SIZE, before any of them runs. Also 400 for a path that does not decode, which tRPC would
 * report as an internal error (a 500).
 */
export function trpcBatchSize(request: Request): number {
  const url = new URL(request.url);
  let path: string;
  try {
    path = decodeURIComponent(url.pathname.replace(/^\/api\/trpc\/?/, ''));
  } catch {
    throw new AppError('invalid_request', 'The procedure path is not valid percent-encoded UTF-8.');
  }
  if (url.searchParams.get('batch') !== '1') return 1;
  const size = path.split(',').length;
  if (size > TRPC_MAX_BATCH_SIZE) {
    throw new AppError(
      'invalid_request',
      `A batch may call at most ${TRPC_MAX_BATCH_SIZE} procedures; this one calls ${size}. Send smaller batches.`,
    );
  }
  return size;
}
