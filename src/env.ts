/**
 * The only reader of process.env. Validated with zod; a bad value stops start with one line per variable.
 * Secrets that are missing in embedded mode are generated once and kept in DATA_DIR (see ensure-local-secrets).
 */
import path from 'node:path';
import { z } from 'zod';
import { PROVIDER_A_PAY_VERIFY_MODES, providerALiveProblems } from './env-checks/providerA';
import { providerBLiveProblems } from './env-checks/providerB';

const optionalText = z.string().trim().min(1).optional();
/** PEM in one line (`\\n` for each line break, as many secret stores and .env files hold it) is read as PEM. */
const pemText = z
  .string()
  .trim()
  .min(1)
  .transform((value) => value.replace(/\\n/g, '\n'))
  .optional();
const seconds = (fallback: number) => z.coerce.number().int().min(5).max(86_400).default(fallback);

/** A retention period: whole days from 1 to 3650 (ten years); anything else is a typo, not a policy. */
const daysProblem = 'must be a whole number of days from 1 to 3650';
const days = () =>
  z.coerce
    .number({ error: daysProblem })
    .int({ error: daysProblem })
    .min(1, { error: daysProblem })
    .max(3650, { error: daysProblem });

const shutdownProblem = 'must be whole milliseconds from 1000 to 600000';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  PUBLIC_BASE_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  UPSTREAM_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Where the provider clients reach the sandbox; default this process on loopback. */
  SANDBOX_BASE_URL: z.url().optional(),
  /** Where the sandbox pushes upstream notifications (this service's /callbacks); default this process on loopback. */
  SANDBOX_SERVICE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Write logs to this file instead of stdout (read by src/server/logger.ts directly; it must work before validation). */
  LOG_FILE: z.string().min(1).optional(),
  /**
   * How long a SIGTERM waits for requests in flight and running jobs before it cuts them (src/server/startup/
   * shutdown.ts). Below the orchestrator's grace period (Kubernetes: 30 s), which then SIGKILLs.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: shutdownProblem })
    .int({ error: shutdownProblem })
    .min(1000, { error: shutdownProblem })
    .max(600_000, { error: shutdownProblem })
    .default(25_000),
  /**
   * Next.js's own switch: set (any value) by every start script, so `next start` leaves SIGTERM and SIGINT to
   * this server's shutdown instead of closing the server and exiting on its own schedule (docs/decisions.md).
   */
  NEXT_MANUAL_SIG_HANDLE: z.string().optional(),
  /** Per-attempt timeout of upstream calls; each call retries up to three attempts. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_ENCRYPTION_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]{43,44}(,[A-Za-z0-9_-]+:[A-Za-z0-9+/=_-]{43,44})*$/,
      'must be "<keyId>:<base64 32 bytes>[,<keyId>:<base64>…]", the first key encrypts',
    )
    .optional(),
  SUB_MERCHANT_SYNC_INTERVAL_SECONDS: seconds(300),
  AUDIT_POLL_INTERVAL_SECONDS: seconds(300),
  /** Upstream status queries per second per provider for the background sync. */
  SYNC_RATE_LIMIT_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(10),
  /** Upstream calls per second per provider and platform for rollout steps (commit, submit, release). */
  ROLLOUT_RATE_LIMIT_PER_SECOND: z.coerce.number().min(0.1).max(1000).default(10),
  /** Retry delays of event deliveries, e.g. "1,1,1" in tests; default: a schedule spanning more than 3 days. */
  /**
   * `1`: notify URLs may point at loopback, private and link-local addresses (a receiver on the developer's
   * machine or in the test suite). Default `0`: refused when set and when delivering, in every mode (SSRF).
   */
  ALLOW_PRIVATE_WEBHOOK_URLS: z
    .enum(['0', '1'], { error: 'must be 1 (allow private notify URLs, for local development) or 0' })
    .default('0')
    .transform((value) => value === '1'),
  /**
   * How account mail (invitation sign-up, password reset) leaves: `smtp` through SMTP_URL; `file` writes each
   * mail as JSON into MAIL_DIR (development and tests read it there); `console` prints it to stdout.
   */
  MAIL_TRANSPORT: z.enum(['smtp', 'file', 'console']).default('file'),
  /** smtp(s)://user:password@host:port — required with MAIL_TRANSPORT=smtp. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465')
    .optional(),
  /** The From of every mail, e.g. "Onboarding <no-reply@example.com>"; required with MAIL_TRANSPORT=smtp. */
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  /** Where the file transport writes; default DATA_DIR/mail. */
  MAIL_DIR: z.string().min(1).optional(),
  EVENT_RETRY_SCHEDULE_SECONDS: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,6}(\s*,\s*[1-9]\d{0,6})*$/, 'must be a comma list of positive whole seconds, e.g. "30,120,600"')
    .optional(),
  /**
   * Days events (with their deliveries and attempts) are kept and readable through the events API; the daily
   * `retention` job deletes older ones. Whole days, 1 to 3650.
   */
  EVENT_RETENTION_DAYS: days().default(30),
  /** Optional cap on record history (`sub_merchant_history`, the audit trail): unset keeps it for ever. */
  HISTORY_RETENTION_DAYS: days().optional(),
  /** Per API key, per instance: sustained requests a second, and how many may arrive at once (token bucket). */
  API_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(100),
  API_RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /**
   * How many reverse proxies of ours sit in front of the instances and append to X-Forwarded-For. 0: trust no
   * forwarding header (the client is the TCP peer); N: the N-th X-Forwarded-For entry from the right.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Bearer token that opens GET /metrics (Prometheus). Unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  API_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(20 * 1024 * 1024)
    .default(1024 * 1024),
  /**
   * Images decoded at once per instance (each holds a libuv worker thread; keep it below UV_THREADPOOL_SIZE, 4 by
   * default, so password hashing and file reads keep threads), and how many more may wait; one platform may hold
   * at most half of each. Beyond: 503 `decoding_busy` with Retry-After.
   */
  MEDIA_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  MEDIA_DECODE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  /** Console API (/api/trpc, /api/auth) per operator, or per client address when signed out: procedures a second, and at once. */
  CONSOLE_RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(20),
  CONSOLE_RATE_LIMIT_BURST: z.coerce.number().int().min(10).max(1_000_000).default(120),
  /** Live mode: other hosts for the providers (default their production hosts). */
  PROVIDER_A_PAY_BASE_URL: z.url().optional(),
  PROVIDER_A_OPEN_BASE_URL: z.url().optional(),
  PROVIDER_B_GATEWAY_URL: z.url().optional(),
  // Live-mode upstream credentials (service-wide; never in the repo).
  PROVIDER_A_MCH_ID: optionalText,
  PROVIDER_A_MERCHANT_SERIAL_NO: optionalText,
  PROVIDER_A_MERCHANT_PRIVATE_KEY: pemText,
  /** Optional: apiclient_cert.pem, so start-up can check the key, serial and merchant id against it. */
  PROVIDER_A_MERCHANT_CERTIFICATE: pemText,
  /** How WeChat Pay's answers are verified: its public key, its downloaded platform certificates, or both (migration). */
  PROVIDER_A_PAY_VERIFY_MODE: z
    .enum(PROVIDER_A_PAY_VERIFY_MODES, { error: 'must be public_key, platform_certificate or both' })
    .default('public_key'),
  PROVIDER_A_PLATFORM_PUBLIC_KEY_ID: optionalText,
  PROVIDER_A_PLATFORM_PUBLIC_KEY: pemText,
  /** The APIv3 key (32 characters): opens the downloaded platform certificates. */
  PROVIDER_A_APIV3_KEY: optionalText,
  PROVIDER_A_COMPONENT_APPID: optionalText,
  PROVIDER_A_COMPONENT_SECRET: optionalText,
  PROVIDER_A_COMPONENT_TOKEN: optionalText,
  PROVIDER_A_COMPONENT_AES_KEY: optionalText,
  PROVIDER_B_APP_ID: optionalText,
  PROVIDER_B_APP_PRIVATE_KEY: pemText,
  PROVIDER_B_ALIPAY_PUBLIC_KEY: pemText,
  /**
   * Alipay certificate mode (docs/configuration.md): each the PEM text or a file path. Setting the app
   * certificate selects the mode; then all three are required and PROVIDER_B_ALIPAY_PUBLIC_KEY is not.
   */
  PROVIDER_B_APP_CERT: optionalText,
  PROVIDER_B_ALIPAY_ROOT_CERT: optionalText,
  PROVIDER_B_ALIPAY_CERT: optionalText,
});

export type RawEnv = z.infer<typeof envSchema>;

const secretVariables = ['SESSION_SECRET', 'DATA_ENCRYPTION_KEY'] as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is invalid:\n${problems.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an environment; returns every problem at once (one line per variable). */
export function parseEnv(source: Record<string, string | undefined>): RawEnv & { embedded: boolean; dataDir: string } {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const env = result.data;
  const embedded = !env.DATABASE_URL;
  const problems: string[] = [];
  // Generated secrets are only safe where one machine owns the data: shared PostgreSQL or live money needs them given.
  if (!embedded || env.UPSTREAM_MODE === 'live') {
    const why = !embedded ? 'required with DATABASE_URL' : 'required with UPSTREAM_MODE=live';
    for (const name of secretVariables) if (!env[name]) problems.push(`${name}: ${why}`);
  }
  if (env.MAIL_TRANSPORT === 'smtp') {
    if (!env.SMTP_URL) problems.push('SMTP_URL: required with MAIL_TRANSPORT=smtp');
    if (!env.MAIL_FROM) problems.push('MAIL_FROM: required with MAIL_TRANSPORT=smtp');
  }
  // Each provider's own module checks its variables (src/env-checks): presence per mode, format, key pairs.
  if (env.UPSTREAM_MODE === 'live') problems.push(...providerALiveProblems(env), ...providerBLiveProblems(env));
  if (problems.length > 0) throw new ConfigError(problems);
  return { ...env, embedded, dataDir: path.resolve(env.DATA_DIR) };
}

let cached: ReturnType<typeof parseEnv> | undefined;

export function getEnv() {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Test hook: forget the parsed environment so a test can change process.env. */
export function resetEnvForTests() {
  cached = undefined;
}
