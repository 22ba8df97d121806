import { notFound } from 'next/navigation';
import { getEnv } from '@/env';
import { SandboxScreen } from './sandbox-screen';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Sandbox · Onboarding console' };

/** The sandbox's reviewers' desk; in live mode there is no sandbox, so no page either. */
export default function SandboxPage() {
  if (getEnv().UPSTREAM_MODE !== 'sandbox') notFound();
  return <SandboxScreen />;
}
