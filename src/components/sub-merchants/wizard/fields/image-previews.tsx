'use client';

import { useI18n } from '@/i18n/i18n-provider';
import styles from '../wizard.module.css';
import { mediaUrl } from './upload-media';

/** Thumbnails of stored images (served by the media endpoint), each removable. */
export function ImagePreviews(props: {
  platformId: string;
  label: string;
  mediaIds: string[];
  onRemove: (id: string) => void;
}) {
  const { platformId, label, mediaIds, onRemove } = props;
  const { t } = useI18n();
  if (mediaIds.length === 0) return null;
  return (
    <ul className={styles.previews}>
      {mediaIds.map((mediaId, index) => (
        <li key={mediaId}>
          <img
            src={mediaUrl(platformId, mediaId)}
            alt={t('subMerchants.upload.preview', { label, n: index + 1 })}
            width={120}
            height={90}
          />
          <button type="button" className="secondary" onClick={() => onRemove(mediaId)}>
            {t('subMerchants.upload.remove', { label, n: index + 1 })}
          </button>
        </li>
      ))}
    </ul>
  );
}
