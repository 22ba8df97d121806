/**
 * The upstream connection check (`doctor`) says what a call proved or what to fix in English for the CLI and the
 * API; beside that text each check carries these stable codes with their values, so the console can say the same
 * in the operator's language (catalog keys `settings.doctor.outcome.<code>` and `settings.doctor.remedy.<code>`).
 */

/** What the call proved, or what went wrong. */
export const connectionOutcomeCodes = [
  'pay.verified',
  'pay.verified_not_found',
  'pay.certificates_verified',
  'pay.no_certificates',
  'pay.unknown_mchid',
  'pay.unknown_serial',
  'pay.signature_refused',
  'pay.unknown_public_key',
  'pay.untrusted_certificate',
  'pay.apiv3_key',
  'pay.unverified',
  'pay.unreachable',
  'pay.unexpected_answer',
  'pay.failed',
  'component.ticket_requested',
  'component.token_obtained',
  'component.refused',
  'gateway.verified',
  'gateway.verified_not_found',
  'gateway.refused',
] as const;

/** What the variable named in a failed check should hold. */
export const connectionRemedyCodes = [
  'pay.mchid',
  'pay.serial',
  'pay.private_key',
  'pay.public_key_mode',
  'pay.public_key_id',
  'pay.certificate_mode',
  'pay.apiv3_key',
  'pay.public_key',
  'pay.network',
  'pay.verify_mode',
  'pay.applyment_permission',
  'component.appid',
  'component.secret',
  'component.ticket',
  'component.credentials',
  'gateway.app_cert',
  'gateway.root_cert',
  'gateway.alipay_cert',
  'gateway.app_id',
  'gateway.private_key',
  'gateway.alipay_public_key',
  'gateway.network',
  'gateway.zft_product',
] as const;

export type ConnectionOutcomeCode = (typeof connectionOutcomeCodes)[number];
export type ConnectionRemedyCode = (typeof connectionRemedyCodes)[number];

/** A code and the values its message names (numbers, serials, times: shown as they are, as code). */
export type ConnectionOutcome = { code: ConnectionOutcomeCode; params?: Record<string, string> };
export type ConnectionRemedy = { code: ConnectionRemedyCode; params?: Record<string, string> };
