import type { KeyObject } from 'node:crypto';
import { buildSignContent, rsa2Verify } from './signature';

/**
 * Which `sign_type` rule to apply (A.7). Alipay signs `notify_url` notifies, `open_app_auth_notify` and
 * message-service (`msg_method`) messages WITHOUT `sign_type` (TV-4), but gateway pushes such as
 * `servicemarket_order_notify` WITH it (TV-5). `auto` tries the family's rule first, then the other one,
 * exactly like the Node SDK, because the family rule is only proven for two families.
 */
export type NotificationSignTypeRule = 'auto' | 'exclude-sign-type' | 'include-sign-type';

/** Received form parameters, already form-decoded once (never decode a second time). */
export function notificationParams(rawBody: string | URLSearchParams): Record<string, string> {
  const form = typeof rawBody === 'string' ? new URLSearchParams(rawBody) : rawBody;
  // Own data properties only: a parameter named __proto__ must be a parameter (and break the signature), not a prototype.
  return Object.fromEntries(form);
}

export function notificationSignContent(params: Record<string, string>, includeSignType: boolean): string {
  return buildSignContent(params, includeSignType ? ['sign'] : ['sign', 'sign_type']);
}

function familyIncludesSignType(params: Record<string, string>): boolean {
  return params.notify_type === 'servicemarket_order_notify';
}

export function verifyNotificationSignature(
  params: Record<string, string>,
  alipayPublicKey: KeyObject,
  rule: NotificationSignTypeRule = 'auto',
): boolean {
  const sign = params.sign;
  if (!sign) return false;
  const check = (include: boolean) => rsa2Verify(notificationSignContent(params, include), sign, alipayPublicKey);
  if (rule === 'exclude-sign-type') return check(false);
  if (rule === 'include-sign-type') return check(true);
  const preferred = familyIncludesSignType(params);
  return check(preferred) || check(!preferred);
}
