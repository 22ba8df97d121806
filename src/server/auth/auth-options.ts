import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getSecrets, publicBaseUrl } from '@/server/config/secrets';
import { getDb } from '@/server/db';
import { logger } from '@/server/logger';
import { signInOperator } from '@/server/services/operators/sign-in-operator';
import { signInClientAddress, signInLockedError } from './sign-in-lock';

let options: NextAuthOptions | undefined;

/** Operators sign in with e-mail + password; sessions are JWTs signed with the service's session secret. */
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
        async authorize(credentials, request) {
          if (!credentials?.email || !credentials.password) return null;
          const clientAddress = signInClientAddress(request?.headers as Record<string, string | undefined> | undefined);
          const outcome = await signInOperator(await getDb(), { email: credentials.email, password: credentials.password, clientAddress });
          // next-auth hands a thrown message to the form as `error`; the form shows the wait in minutes.
          if (outcome.result === 'locked') throw new Error(signInLockedError(outcome.retryAfterSeconds));
          if (outcome.result !== 'signed_in') return null;
          const { operator } = outcome;
          return { id: operator.id, email: operator.email, name: operator.name ?? operator.email };
        },
      }),
    ],
    callbacks: {
      jwt: ({ token, user }) => (user ? { ...token, operatorId: user.id } : token),
      session: ({ session, token }) => ({ ...session, operatorId: token.operatorId as string }),
    },
    // next-auth prints to the console in its own format by default; its metadata can hold tokens and credentials.
    logger: {
      error: (code, metadata) => logger.error({ nextAuth: code, ...logFields(metadata) }, `next-auth: ${code}`),
      warn: (code) => logger.warn({ nextAuth: code }, `next-auth: ${code}`),
      debug: (code, metadata) => logger.debug({ nextAuth: code, ...logFields(metadata) }, `next-auth: ${code}`),
    },
  };
  return options;
}

/** next-auth hands an Error, or an object holding one under `error`: pino serializes errors only as `err`. */
function logFields(metadata: unknown): Record<string, unknown> {
  if (metadata instanceof Error) return { err: metadata };
  if (metadata === null || typeof metadata !== 'object') return metadata === undefined ? {} : { metadata };
  const { error, ...rest } = metadata as { error?: unknown };
  return { ...(error instanceof Error ? { err: error } : error === undefined ? {} : { error }), metadata: rest };
}
