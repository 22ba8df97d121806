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

// The loggers read LOG_LEVEL / LOG_FILE themselves: they must be able to report a configuration that fails validation.
const level = process.env.LOG_LEVEL ?? 'info';
const base = { service: 'onboarding-service' };
/**
 * Buffered: lines are written in chunks of 4 KB, and at least once a second, not with one write(2) each. Under load
 * the access line's own write(2) cost about 0.07× of a cached read's throughput (docs/benchmarks.md). pino writes
 * what is still buffered when the process exits (also on an uncaught exception); a SIGKILL or OOM kill loses at
 * most the last second of lines. Anything that reads the log file in the same process calls flushLogs() first.
 */
const destination = pino.destination({
  dest: process.env.LOG_FILE ?? process.stdout.fd,
  sync: false,
  minLength: 4096,
  mkdir: Boolean(process.env.LOG_FILE),
});
let destinationReady = false;
destination.once('ready', () => (destinationReady = true));
// Asynchronous, and only once the file is open; a write still in flight carries on with the rest.
setInterval(() => destinationReady && destination.flush(), 1000).unref();

/** Writes every buffered line now, for code that reads the log file in the same process (tests). */
export function flushLogs() {
  if (destinationReady) destination.flushSync();
}

export const logger = pino(
  {
    level,
    base,
    redact: { paths, censor: '[redacted]' },
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  destination,
);

/**
 * One line per served request, into the same destination. Its fields are fixed scalars (request id, method,
 * path without the query, status, duration), so it skips the redaction pass and the request-context lookup, which
 * together cost more than the rest of a cached read (docs/benchmarks.md). Anything else goes through `logger`.
 * The line is the one pino writes for `accessLogger.info(line, 'request')`, built here: pino's generic serializer
 * was ≈ 1 % of a read's CPU, the line's own text a fraction of that. accessLogger keeps the level.
 */
const accessLogger = pino({ level, base, timestamp: pino.stdTimeFunctions.isoTime }, destination);
const accessLinePrefix = `{"level":${pino.levels.values.info},"time":"`;
const accessLineBase = `,${JSON.stringify(base).slice(1, -1)}`;

export type AccessLogLine = { requestId: string; method: string; path: string; status: number; ms: number };

export function logRequest({ requestId, method, path, status, ms }: AccessLogLine) {
  if (!accessLogger.isLevelEnabled('info')) return;
  destination.write(
    `${accessLinePrefix}${new Date().toISOString()}"${accessLineBase},"requestId":${JSON.stringify(requestId)},"method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"status":${status},"ms":${ms},"msg":"request"}\n`,
  );
}
