import Link from 'next/link';
import type { Translate } from '@/i18n/format';
import { listHref, type ListLocation } from './list-location';
import styles from './list.module.css';

/** Previous / next as links in the address (the cursor trail), so every page of the list can be reloaded. */
export function ListPager(props: { base: string; location: ListLocation; nextCursor?: string; t: Translate }) {
  const { base, location, nextCursor, t } = props;
  const previous =
    location.after.length > 0 ? listHref(base, { ...location, after: location.after.slice(0, -1) }) : undefined;
  const next = nextCursor ? listHref(base, { ...location, after: [...location.after, nextCursor] }) : undefined;
  const pageLink = (href: string | undefined, label: string, rel: 'prev' | 'next') =>
    href ? (
      <Link className="button secondary" href={href} rel={rel} scroll={false}>
        {label}
      </Link>
    ) : (
      <span className="button secondary" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className={`row ${styles.pager}`} aria-label={t('subMerchants.list.pages')}>
      {pageLink(previous, t('common.previous'), 'prev')}
      <span className="muted" aria-live="polite">
        {t('subMerchants.list.pageNumber', { page: location.after.length + 1 })}
      </span>
      {pageLink(next, t('common.next'), 'next')}
    </nav>
  );
}
