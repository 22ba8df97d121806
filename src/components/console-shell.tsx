'use client';

import Link from 'next/link';
import { signOut } from 'next-auth/react';
import { usePathname, useRouter } from 'next/navigation';
import type { ReactNode } from 'react';

type Membership = { platformId: string; name: string; role: string };

export function ConsoleShell({ platforms, current, children }: { platforms: Membership[]; current: Membership; children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  const base = `/platforms/${current.platformId}`;
  const section = pathname.slice(base.length).split('/')[1] ?? 'sub-merchants';
  const links = [
    { href: `${base}/sub-merchants`, key: 'sub-merchants', label: 'Sub-merchants' },
    { href: `${base}/mini-programs`, key: 'mini-programs', label: 'Mini programs' },
    { href: `${base}/settings`, key: 'settings', label: 'Settings' },
  ];
  return (
    <div className="shell">
      <aside className="sidebar">
        <div>
          <label htmlFor="platform-switcher">Platform</label>
          <select
            id="platform-switcher"
            value={current.platformId}
            onChange={(event) => router.push(`/platforms/${event.target.value}/${section}`)}
          >
            {platforms.map((p) => (
              <option key={p.platformId} value={p.platformId}>
                {p.name}
              </option>
            ))}
          </select>
          <p className="muted">
            Role: <span className="badge">{current.role}</span>
          </p>
        </div>
        <nav aria-label="Sections">
          {links.map((link) => (
            <Link key={link.key} href={link.href} aria-current={section === link.key ? 'page' : undefined}>
              {link.label}
            </Link>
          ))}
          <Link href="/docs">API reference</Link>
        </nav>
        <button className="secondary" onClick={() => signOut({ callbackUrl: '/sign-in' })}>
          Sign out
        </button>
      </aside>
      <main className="main">{children}</main>
    </div>
  );
}
