'use client';

import { Button } from '@/components/ui/button';
import { useI18n } from '@/i18n/i18n-provider';
import { useWizard } from '../wizard-context';
import { localPreviewOf } from './upload-media';

/** Thumbnails of stored images (this page's own copy of a photo picked here, else the media route), each removable. */
export function ImagePreviews(props: { label: string; mediaIds: string[]; onRemove: (id: string) => void }) {
  const { label, mediaIds, onRemove } = props;
  const { t } = useI18n();
  const { backend } = useWizard();
  if (mediaIds.length === 0) return null;
  return (
    <ul className="m-0 mt-2 flex list-none flex-wrap gap-3 p-0">
      {mediaIds.map((mediaId, index) => (
        <li key={mediaId} className="flex flex-col items-start gap-1">
          <img
            src={localPreviewOf(mediaId) ?? backend.mediaUrl(mediaId)}
            alt={t('subMerchants.upload.preview', { label, n: index + 1 })}
            width={120}
            height={90}
            className="h-[90px] w-[120px] rounded-md border border-border bg-muted object-cover"
          />
          <Button variant="outline" size="sm" onClick={() => onRemove(mediaId)}>
            {t('subMerchants.upload.remove', { label, n: index + 1 })}
          </Button>
        </li>
      ))}
    </ul>
  );
}
