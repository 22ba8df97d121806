/**
 * Structured JSON logs. Every line written inside a request carries its requestId (AsyncLocalStorage mixin);
 * secrets and personal data are redacted by key wherever they appear in a logged object.
 */
import pino from 'pino';
import { currentRequestId } from './request-context';

export const sensitiveKeys = [
  'authorization',
  'cookie',
  'password',
  'passwordHash',
  'apiKey',
  'token',
  'secret',
  'webhookSecret',
  'accessToken',
  'refreshToken',
  'idCardNumber',
  'idCardName',
  'idCardAddress',
  'accountNumber',
  'accountName',
  'contactMobile',
  'contactEmail',
  'contactName',
  'formData',
];

const paths = sensitiveKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

// The logger reads LOG_LEVEL / LOG_FILE itself: it must be able to report a configuration that fails validation.
export const logger = pino(
  {
  level: process.env.LOG_LEVEL ?? 'info',
  base: { service: 'onboarding-service' },
  redact: { paths, censor: '[redacted]' },
  mixin: () => {
    const requestId = currentRequestId();
    return requestId ? { requestId } : {};
  },
  timestamp: pino.stdTimeFunctions.isoTime,
  },
  process.env.LOG_FILE ? pino.destination({ dest: process.env.LOG_FILE, sync: true, mkdir: true }) : undefined,
);
