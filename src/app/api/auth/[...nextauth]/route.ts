import NextAuth from 'next-auth';
import { authOptions } from '@/server/auth/auth-options';

export const dynamic = 'force-dynamic';

// Options are built per request so `next build` never needs the runtime secrets.
const handler = (request: Request, context: unknown) => NextAuth(authOptions())(request, context);

export { handler as GET, handler as POST };
