// Server code only (session, database, secrets): a client component that imports this module fails the build.
import 'server-only';
import type { NextAuthOptions, User } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getSecrets, publicBaseUrl } from '@/server/config/secrets';
import { getDb } from '@/server/db';
import { clientAddress } from '@/server/http/trusted-proxy';
import { logger } from '@/server/logger';
import { currentRequestId } from '@/server/request-context';
import { signInOperator } from '@/server/services/operators/sign-in-operator';
import { sameOriginPath } from './same-origin-path';
import { endSessionsOnSignOut, sessionIsCurrent } from './session-version';
import { SIGN_IN_DISABLED, signInLockedError } from '@/schemas/sign-in-lock';
import { signInInput } from '@/schemas/sign-in';

let options: NextAuthOptions | undefined;

type SignedInOperator = User & { sessionVersion: number };

/**
 * Operators sign in with e-mail + password; sessions are JWTs signed with the service's session secret, and
 * each request checks that the operator's sessions have not been ended since (session-version.ts).
 */
export function authOptions(): NextAuthOptions {
  if (options) return options;
  // next-auth v4 builds its callback URLs from NEXTAUTH_URL; keep it on our configured public address.
  process.env.NEXTAUTH_URL ??= publicBaseUrl();
  options = {
    secret: getSecrets().sessionSecret,
    session: { strategy: 'jwt', maxAge: 12 * 60 * 60 },
    pages: { signIn: '/sign-in' },
    providers: [
      CredentialsProvider({
        name: 'E-mail',
        credentials: { email: { label: 'E-mail', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, request): Promise<SignedInOperator | null> {
          const parsed = signInInput.safeParse(credentials);
          if (!parsed.success) return null;
          const address = clientAddress({ headers: (request?.headers ?? {}) as Record<string, string | undefined> });
          const outcome = await signInOperator(
            { db: await getDb(), actor: 'sign-in' },
            {
              email: parsed.data.email,
              password: parsed.data.password,
              clientAddress: address,
            },
          );
          // next-auth hands a thrown message to the form as `error`; the form shows the wait in minutes.
          if (outcome.result === 'locked') throw new Error(signInLockedError(outcome.retryAfterSeconds));
          if (outcome.result === 'disabled') throw new Error(SIGN_IN_DISABLED);
          if (outcome.result !== 'signed_in') return null;
          const { operator } = outcome;
          return {
            id: operator.id,
            email: operator.email,
            name: operator.name ?? operator.email,
            sessionVersion: operator.sessionVersion,
          };
        },
      }),
    ],
    callbacks: {
      // An ended session becomes an empty token: no operator, and no database read on its later requests.
      jwt: async ({ token, user }) => {
        if (user) return { ...token, operatorId: user.id, sessionVersion: (user as SignedInOperator).sessionVersion };
        return (await sessionIsCurrent(token)) ? token : {};
      },
      session: ({ session, token }) =>
        typeof token.operatorId === 'string'
          ? { ...session, operatorId: token.operatorId }
          : { expires: session.expires },
      // Only back to this service: a callbackUrl naming another origin goes to the console's start instead.
      redirect: ({ url, baseUrl }) => new URL(sameOriginPath(url, baseUrl), baseUrl).href,
    },
    events: {
      signOut: ({ token }) => endSessionsOnSignOut(token),
    },
    // next-auth prints to the console in its own format by default; its metadata can hold tokens and credentials.
    logger: {
      error: (code, metadata) =>
        code === 'JWT_SESSION_ERROR'
          ? logUndecodableSession()
          : logger.error({ nextAuth: code, ...logFields(metadata) }, `next-auth: ${code}`),
      warn: (code) => logger.warn({ nextAuth: code }, `next-auth: ${code}`),
      debug: (code, metadata) => logger.debug({ nextAuth: code, ...logFields(metadata) }, `next-auth: ${code}`),
    },
  };
  return options;
}

// Request ids that already logged an undecodable cookie: a page reads the session several times (layout, page,
// tRPC caller), and one line a request is enough. Bounded: the oldest ids go first.
const undecodableLogged = new Set<string>();

/**
 * A session cookie that does not decode (garbage, forged, signed with an old secret) is a signed-out visitor,
 * not a fault of ours: one info line a request, with its id and without next-auth's stack trace.
 */
function logUndecodableSession() {
  const requestId = currentRequestId();
  if (requestId) {
    if (undecodableLogged.has(requestId)) return;
    undecodableLogged.add(requestId);
    if (undecodableLogged.size > 1000) undecodableLogged.delete(undecodableLogged.values().next().value!);
  }
  logger.info({ nextAuth: 'JWT_SESSION_ERROR' }, 'signed out: the session cookie is not a valid session');
}

/** next-auth hands an Error, or an object holding one under `error`: pino serializes errors only as `err`. */
function logFields(metadata: unknown): Record<string, unknown> {
  if (metadata instanceof Error) return { err: metadata };
  if (metadata === null || typeof metadata !== 'object') return metadata === undefined ? {} : { metadata };
  const { error, ...rest } = metadata as { error?: unknown };
  return { ...(error instanceof Error ? { err: error } : error === undefined ? {} : { error }), metadata: rest };
}
