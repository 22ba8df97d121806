'use server';

import { redirect } from 'next/navigation';
import { createSubMerchantBody, type CreateSubMerchantBody } from '@/schemas/sub-merchant-requests';
import { createSubMerchant } from '@/server/services/sub-merchants/create-sub-merchant';
import { platformAction, type ActionFailure } from './guard';

const create = platformAction('operator', createSubMerchantBody, async (ctx, body) => ({
  ok: true as const,
  id: (await createSubMerchant(ctx, body)).record.id,
}));

/**
 * Server action behind the list's "New sub-merchant" form (operator role, the API's request schema), as
 * `subMerchants.create`, then straight into the wizard's first step. A refusal comes back as data.
 */
export async function startSubMerchant(
  platformId: string,
  _previous: ActionFailure | null,
  form: FormData,
): Promise<ActionFailure | null> {
  const distributor = String(form.get('distributor') ?? '').trim();
  // Passed on as typed: the request schema is the one check of provider and distributor id.
  const created = await create(platformId, {
    provider: String(form.get('provider') ?? ''),
    distributorExternalUserId: distributor || undefined,
  } as CreateSubMerchantBody);
  if (!created.ok) return created;
  redirect(`/platforms/${encodeURIComponent(platformId)}/sub-merchants/${created.id}/edit?step=license`);
}
