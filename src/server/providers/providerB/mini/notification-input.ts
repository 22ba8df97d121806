import type { KeyObject } from 'node:crypto';
import { AppError } from '@/server/errors';
import { loadPublicKey } from '@/protocols/providerB/gateway/keys';
import { notificationParams, verifyNotificationSignature } from '@/protocols/providerB/gateway/notification';

/**
 * Shared first step of every inbound push: read the form parameters exactly as received and verify the
 * signature over them (A.7) before looking at any value; then the JSON `biz_content`.
 */
export function verifiedPush(
  rawBody: string | URLSearchParams,
  verifier: KeyObject | string | ((params: Record<string, string>) => boolean),
): { params: Record<string, string>; biz: Record<string, unknown> } {
  const params = notificationParams(rawBody);
  const verify =
    typeof verifier === 'function'
      ? verifier
      : (p: Record<string, string>) =>
          verifyNotificationSignature(p, typeof verifier === 'string' ? loadPublicKey(verifier) : verifier);
  if (!verify(params)) throw new AppError('invalid_request', 'providerB notification signature does not verify.');
  let biz: unknown;
  try {
    biz = JSON.parse(params.biz_content ?? '');
  } catch {
    throw new AppError('invalid_request', 'providerB notification biz_content is not JSON.');
  }
  if (!biz || typeof biz !== 'object' || Array.isArray(biz))
    throw new AppError('invalid_request', 'providerB notification biz_content is not an object.');
  return { params, biz: biz as Record<string, unknown> };
}

/** Nested values arrive as objects or, from some senders, as JSON text. */
export function objectOf(v: unknown): Record<string, unknown> | undefined {
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return undefined;
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}
