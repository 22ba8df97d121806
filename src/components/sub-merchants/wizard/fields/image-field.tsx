'use client';

import { cn } from '@/components/ui/cn';
import { useRef, useState, type DragEvent } from 'react';
import { useController } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data/fields';
import { useI18n } from '@/i18n/i18n-provider';
import type { WizardValues } from '../form-model';
import { useSubMerchantLabels } from '../../use-sub-merchant-labels';
import { useWizard } from '../wizard-context';
import { FieldShell } from './field-shell';
import { ImagePreviews } from './image-previews';
import { shrinkForUpload } from './shrink-image';
import { MAX_IMAGE_BYTES, checkImageFile, uploadMedia, UploadError, type MediaAnswer } from './upload-media';

type Upload = { name: string; progress: number; note?: string; error?: string; answer?: MediaAnswer };

/**
 * An image field: drop a file or choose one (the file input stays keyboard-focusable), checked for type and
 * size in the browser (oversized phone photos are shrunk first), uploaded with progress, and the server's
 * answer shown; the returned mediaId goes into the form (appended for photo lists).
 */
export function ImageField({ name, multiple }: { name: FormDataField; multiple?: boolean }) {
  const { t, format } = useI18n();
  const { platformId, provider } = useWizard();
  const labels = useSubMerchantLabels();
  const { field } = useController<WizardValues>({ name });
  const [upload, setUpload] = useState<Upload | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const ids = Array.isArray(field.value) ? field.value : field.value ? [field.value] : [];

  const accept = async (picked: File) => {
    let file = picked;
    if (checkImageFile(file) === 'size') {
      setUpload({ name: file.name, progress: 0, note: t('subMerchants.upload.shrinking') });
      file = await shrinkForUpload(file, MAX_IMAGE_BYTES);
    }
    const problem = checkImageFile(file);
    if (problem) {
      setUpload({ name: file.name, progress: 0, error: t(`subMerchants.upload.${problem}`) });
      return;
    }
    setUpload({ name: file.name, progress: 0 });
    try {
      const answer = await uploadMedia({
        platformId,
        provider,
        file,
        onProgress: (progress) => setUpload({ name: file.name, progress }),
      });
      setUpload({ name: file.name, progress: 1, answer });
      field.onChange(multiple ? [...ids.filter((id) => id !== answer.mediaId), answer.mediaId] : answer.mediaId);
    } catch (error) {
      const message =
        error instanceof UploadError && error.status !== 0 ? error.message : t('subMerchants.upload.network');
      setUpload({ name: file.name, progress: 0, error: message });
    }
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void accept(file);
  };
  const remove = (mediaId: string) => field.onChange(multiple ? ids.filter((id) => id !== mediaId) : '');

  return (
    <FieldShell name={name} hint={t(multiple ? 'subMerchants.upload.hintMany' : 'subMerchants.upload.hint')}>
      {(control) => (
        <div>
          <div
            className={cn(
              'relative cursor-pointer rounded-lg border-2 border-dashed border-border bg-muted/40 p-4 text-center text-muted-foreground focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring has-[input[aria-invalid=true]]:border-destructive',
              dragging && 'border-primary bg-accent',
            )}
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            onClick={() => inputRef.current?.click()}
          >
            <input
              {...control}
              ref={(el) => {
                inputRef.current = el;
                field.ref(el);
              }}
              className="sr-only"
              type="file"
              accept="image/jpeg,image/png,image/bmp"
              onClick={(e) => e.stopPropagation()}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void accept(file);
              }}
            />
            <span aria-hidden="true">{t('subMerchants.upload.drop')}</span>
          </div>
          {upload && (
            <div className="mt-1.5 text-sm [&_progress]:w-full" role="status" data-testid={`upload-${name}`}>
              {!upload.answer && !upload.error && (
                <progress
                  max={1}
                  value={upload.progress}
                  aria-label={t('subMerchants.upload.progress', { name: upload.name })}
                />
              )}
              {upload.note && !upload.answer && !upload.error && (
                <span className="text-muted-foreground">{upload.note}</span>
              )}
              {upload.answer && (
                <span className="text-success">
                  {t('subMerchants.upload.done', {
                    type: upload.answer.mimeType,
                    size: format.number(Math.ceil(upload.answer.size / 1024)),
                  })}
                </span>
              )}
              {upload.error && <span className="text-destructive">{upload.error}</span>}
            </div>
          )}
          <ImagePreviews platformId={platformId} label={labels.field(name)} mediaIds={ids} onRemove={remove} />
        </div>
      )}
    </FieldShell>
  );
}
