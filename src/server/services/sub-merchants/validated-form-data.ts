// Not a use case: the submit rules, shared by submitSubMerchant and the seller's submit under the review policy.
import { validateFormDataForSubmit, type FormData, type FormDataPatch } from '@/schemas/form-data';
import type { subMerchants } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { checkMediaOwnership } from '@/server/services/media/check-media-ownership';
import type { PlatformContext } from '../context';
import { mergeFormDataPatch } from './merge-form-data-patch';
import { revealFormData } from './sub-merchant-dto';

type Row = typeof subMerchants.$inferSelect;

/** The record's form with `patch` applied, when it passes every submit rule; else 422 form_incomplete. */
export async function validatedMerge(
  ctx: PlatformContext,
  row: Row,
  patch: FormDataPatch | undefined,
): Promise<FormData> {
  const merged = mergeFormDataPatch(revealFormData(row), patch ?? {});
  const errors = [
    ...validateFormDataForSubmit(merged, row.provider),
    ...(await checkMediaOwnership(ctx, { provider: row.provider, formData: merged })),
  ];
  if (errors.length > 0) {
    throw new AppError(
      'form_incomplete',
      `The onboarding form has ${errors.length} problem(s); nothing was submitted.`,
      { errors },
    );
  }
  return merged;
}
