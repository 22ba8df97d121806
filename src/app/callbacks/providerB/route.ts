import { getDb } from '@/server/db';
import { AppError } from '@/server/errors';
import { readBodyBytes } from '@/server/http/parse-request';
import { logger } from '@/server/logger';
import { newRequestId, requestContext } from '@/server/request-context';
import { handleZftNotification } from '@/server/services/sub-merchants/handle-zft-notification';

export const dynamic = 'force-dynamic';

/**
 * Alipay's asynchronous messages (form-encoded, signed). Alipay expects the literal text "success"; anything
 * else makes it retry, which is what we want when verification or processing failed.
 */
export async function POST(request: Request) {
  return requestContext.run({ requestId: newRequestId() }, async () => {
    try {
      const raw = Buffer.from(await readBodyBytes(request, 256 * 1024)).toString('utf8');
      await handleZftNotification(await getDb(), raw);
      return new Response('success', { headers: { 'content-type': 'text/plain' } });
    } catch (error) {
      const status = error instanceof AppError ? error.status : 500;
      logger.warn({ status, err: (error as Error).message }, 'providerB notification refused');
      return new Response('fail', { status, headers: { 'content-type': 'text/plain' } });
    }
  });
}
