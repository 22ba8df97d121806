'use client';

import { cn } from '@/components/ui/cn';
import { useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useController } from 'react-hook-form';
import type { FormDataField } from '@/schemas/form-data/fields';
import { useHydrated } from '@/components/ui/use-hydrated';
import { useI18n } from '@/i18n/i18n-provider';
import type { MessageKey } from '@/i18n/messages/en';
import type { WizardValues } from '../form-model';
import { useFieldLabel } from '../use-field-label';
import { useWizard } from '../wizard-context';
import { FieldShell } from './field-shell';
import { ImagePreviews } from './image-previews';
import { PHONE_PHOTO_BYTES, PHONE_PHOTO_SIDES, shrinkForUpload } from './shrink-image';
import {
  MAX_IMAGE_BYTES,
  checkImageFile,
  rememberLocalPreview,
  uploadMedia,
  UploadError,
  type MediaAnswer,
} from './upload-media';
import { trackUpload } from './uploads-in-flight';

type Upload = { name: string; progress: number; note?: string; error?: string; answer?: MediaAnswer };

/**
 * An image field: drop a file or choose one (the file input stays keyboard-focusable), checked for type and
 * size in the browser (oversized phone photos are shrunk first), uploaded with progress, and the server's
 * answer shown; the returned mediaId goes into the form (appended for photo lists).
 */
export function ImageField({ name, multiple }: { name: FormDataField; multiple?: boolean }) {
  const { t, format, locale } = useI18n();
  const { backend, provider } = useWizard();
  const fieldLabel = useFieldLabel();
  const { field } = useController<WizardValues>({ name });
  const [upload, setUpload] = useState<Upload | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // A photo picked in the server's HTML, before React runs, would fire a change nobody hears: lost without a word.
  const hydrated = useHydrated();
  const ids = Array.isArray(field.value) ? field.value : field.value ? [field.value] : [];

  const seller = backend.mode === 'seller';
  const acceptFile = async (picked: File) => {
    let file = picked;
    // On the seller's phone every photo is redrawn small before it leaves (mobile data; a camera's HEIC becomes
    // JPEG); the console shrinks only what exceeds the upload limit.
    const problem = checkImageFile(file);
    if (seller ? problem !== 'empty' && (problem === 'type' || file.size > PHONE_PHOTO_BYTES) : problem === 'size') {
      setUpload({ name: file.name, progress: 0, note: t('subMerchants.upload.shrinking') });
      file = seller
        ? await shrinkForUpload(file, PHONE_PHOTO_BYTES, { always: true, sides: PHONE_PHOTO_SIDES })
        : await shrinkForUpload(file, MAX_IMAGE_BYTES);
    }
    const refused = checkImageFile(file);
    if (refused) {
      setUpload({ name: file.name, progress: 0, error: t(`subMerchants.upload.${refused}`) });
      return;
    }
    setUpload({ name: file.name, progress: 0 });
    try {
      const answer = await uploadMedia({
        url: backend.uploadUrl,
        provider,
        file,
        onProgress: (progress) => setUpload({ name: file.name, progress }),
      });
      rememberLocalPreview(answer.mediaId, file);
      setUpload({ name: file.name, progress: 1, answer });
      field.onChange(multiple ? [...ids.filter((id) => id !== answer.mediaId), answer.mediaId] : answer.mediaId);
    } catch (error) {
      setUpload({ name: file.name, progress: 0, error: uploadErrorText(error) });
    }
  };
  // The server's problem detail is English (it is the API's): the console says it by status in its own words.
  const uploadErrorText = (error: unknown) => {
    if (!(error instanceof UploadError) || error.status === 0) return t('subMerchants.upload.network');
    // The seller's only credential is the link's session: a 404 means it ended.
    if (seller && error.status === 404) return t('onboarding.session.expired');
    const byStatus: Record<number, MessageKey> = {
      400: 'subMerchants.upload.empty',
      401: 'subMerchants.upload.denied',
      403: 'subMerchants.upload.denied',
      413: 'subMerchants.upload.size',
      415: 'subMerchants.upload.type',
      422: 'subMerchants.upload.unreadable',
      502: 'subMerchants.upload.upstream',
      503: 'subMerchants.upload.upstream',
      504: 'subMerchants.upload.upstream',
    };
    const key = byStatus[error.status];
    if (key) return t(key);
    return locale === 'en' ? error.message : t('subMerchants.upload.failed', { status: error.status });
  };
  // Counted until it ends, so the wizard neither leaves nor reports the draft saved while this photo is on its way.
  const accept = (picked: File) => trackUpload(acceptFile(picked));
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void accept(file);
  };
  const onPicked = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void accept(file);
  };
  const hintKey: MessageKey = seller
    ? multiple
      ? 'onboarding.upload.hintMany'
      : 'onboarding.upload.hint'
    : multiple
      ? 'subMerchants.upload.hintMany'
      : 'subMerchants.upload.hint';
  const remove = (mediaId: string) => field.onChange(multiple ? ids.filter((id) => id !== mediaId) : '');

  return (
    <FieldShell name={name} hint={t(hintKey)}>
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
              accept={seller ? 'image/*' : 'image/jpeg,image/png,image/bmp'}
              disabled={!hydrated}
              onClick={(e) => e.stopPropagation()}
              onChange={onPicked}
            />
            <span aria-hidden="true">{t(seller ? 'onboarding.upload.album' : 'subMerchants.upload.drop')}</span>
          </div>
          {seller && (
            // The phone's camera straight away (capture); the area above opens the album, or the camera on request.
            <label className="mt-2 flex min-h-11 cursor-pointer items-center justify-center rounded-lg border border-border bg-card px-4 font-medium focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring">
              <input
                className="sr-only"
                type="file"
                accept="image/*"
                capture="environment"
                disabled={!hydrated}
                data-testid={`camera-${name}`}
                onChange={onPicked}
              />
              {t('onboarding.upload.camera')}
            </label>
          )}
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
                  {seller
                    ? t('onboarding.upload.done') // a shop owner needs to know it arrived, not its type or size
                    : t('subMerchants.upload.done', {
                        type: upload.answer.mimeType,
                        size: format.number(Math.ceil(upload.answer.size / 1024)),
                      })}
                </span>
              )}
              {upload.error && <span className="text-destructive">{upload.error}</span>}
            </div>
          )}
          <ImagePreviews label={fieldLabel(name)} mediaIds={ids} onRemove={remove} />
        </div>
      )}
    </FieldShell>
  );
}
