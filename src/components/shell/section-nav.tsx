'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

const linkClasses =
  'rounded-md px-3 py-2 text-foreground no-underline hover:bg-muted hover:no-underline aria-[current=page]:bg-accent aria-[current=page]:font-semibold aria-[current=page]:text-accent-foreground';

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
    <nav aria-label={label} className="flex flex-col gap-1">
      {sections.map((s) => (
        <Link
          key={s.key}
          href={`${base}/${s.key}`}
          aria-current={current === s.key ? 'page' : undefined}
          className={linkClasses}
        >
          {s.label}
        </Link>
      ))}
      <Link href={extra.href} className={linkClasses}>
        {extra.label}
      </Link>
    </nav>
  );
}
