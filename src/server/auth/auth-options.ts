import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getSecrets, publicBaseUrl } from '@/server/config/secrets';
import { getDb } from '@/server/db';
import { verifyOperatorCredentials } from '@/server/services/operators/verify-operator-credentials';

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
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          const operator = await verifyOperatorCredentials(await getDb(), credentials.email, credentials.password);
          return operator ? { id: operator.id, email: operator.email, name: operator.name ?? operator.email } : null;
        },
      }),
    ],
    callbacks: {
      jwt: ({ token, user }) => (user ? { ...token, operatorId: user.id } : token),
      session: ({ session, token }) => ({ ...session, operatorId: token.operatorId as string }),
    },
  };
  return options;
}
