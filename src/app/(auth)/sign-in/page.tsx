import { Suspense } from 'react';
import { SignInForm } from './sign-in-form';

export const metadata = { title: 'Sign in · Onboarding console' };

export default function SignInPage() {
  return (
    <main className="auth-card panel">
      <h1>Sign in</h1>
      <p className="muted">Operators of a platform sign in with their e-mail and password.</p>
      <Suspense>
        <SignInForm />
      </Suspense>
    </main>
  );
}
