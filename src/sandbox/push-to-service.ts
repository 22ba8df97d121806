import { getEnv } from '@/env';
import { logger } from '@/server/logger';

/**
 * Delivers an upstream push (notification, ticket, audit result) to the service's inbound endpoint, the way
 * the provider would: over HTTP, retried a few times, and never failing the control call that caused it.
 */
export async function pushToService(
  path: string,
  message: { body: string; contentType: string; query?: Record<string, string> },
) {
  const env = getEnv();
  const base = (env.SANDBOX_SERVICE_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/$/, '');
  const url = `${base}${path}${message.query ? `?${new URLSearchParams(message.query)}` : ''}`;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': message.contentType },
        body: message.body,
        signal: AbortSignal.timeout(10_000),
      });
      if (response.ok) return true;
      logger.warn({ path, status: response.status, attempt }, 'sandbox push refused by the service');
    } catch (error) {
      logger.warn({ path, attempt, err: (error as Error).message }, 'sandbox push failed');
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
  return false;
}
