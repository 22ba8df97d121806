/** One HTTP attempt of a delivery: never throws, always says what happened (for the console's attempt log). */
import { FORBIDDEN_ADDRESS } from './pinned-fetch';

export const DELIVERY_TIMEOUT_MS = 10_000;
export const RESPONSE_SNIPPET_CHARS = 500;
export const WEBHOOK_USER_AGENT = 'onboarding-service-webhooks/1';

export type SendOutcome = {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseSnippet: string | null;
};

export async function sendWebhook(params: {
  url: string;
  body: string;
  headers: Record<string, string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): Promise<SendOutcome> {
  const timeoutMs = params.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  let response: Response;
  try {
    response = await (params.fetch ?? fetch)(params.url, {
      method: 'POST',
      body: params.body,
      headers: { 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT, ...params.headers },
      // A redirect is a failure: following it would send a signed event somewhere the platform did not configure.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, statusCode: null, error: describeFailure(error, timeoutMs), responseSnippet: null };
  }
  const responseSnippet = await readSnippet(response);
  const status = response.status;
  if (status >= 200 && status < 300) return { ok: true, statusCode: status, error: null, responseSnippet };
  const error = status >= 300 && status < 400 ? `redirect not followed (HTTP ${status})` : `HTTP ${status}`;
  return { ok: false, statusCode: status, error, responseSnippet };
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const name = (error as { name?: unknown })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `timed out after ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (cause?.code === FORBIDDEN_ADDRESS)
    return 'refused: the notify URL resolves to a loopback, private or link-local address';
  if (typeof cause?.code === 'string') return `connection failed (${cause.code})`;
  return `request failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
}

/** The start of the response body, read only as far as needed: a receiver may answer with megabytes. */
async function readSnippet(response: Response): Promise<string | null> {
  if (!response.body) return null;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    // UTF-8 needs at most 4 bytes a character, so this many bytes always hold the first 500 characters.
    while (bytes < RESPONSE_SNIPPET_CHARS * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
    }
  } catch {
    // A body cut short (timeout, reset) still leaves the status code, which is what decides the outcome.
  } finally {
    await reader.cancel().catch(() => {});
  }
  if (bytes === 0) return null;
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks)).slice(0, RESPONSE_SNIPPET_CHARS);
}
