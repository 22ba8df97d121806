'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** The console's sections; the one the address is in is marked as the current page. */
export function SectionNav(props: {
  label: string;
  base: string;
  sections: { key: string; label: string }[];
  extra: { href: string; label: string };
}) {
  const { label, base, sections, extra } = props;
  const current = usePathname().slice(base.length).split('/')[1] ?? 'sub-merchants';
  return (
    <nav aria-label={label}>
      {sections.map((s) => (
        <Link key={s.key} href={`${base}/${s.key}`} aria-current={current === s.key ? 'page' : undefined}>
          {s.label}
        </Link>
      ))}
      <Link href={extra.href}>{extra.label}</Link>
    </nav>
  );
}
