'use server';

import { redirect } from 'next/navigation';
import { callAsOperator, toActionFailure, type ActionFailure, type OperatorCaller } from '@/server/trpc/server-caller';

type CreateInput = Parameters<OperatorCaller['subMerchants']['create']>[0];

/**
 * Server action behind the list's "New sub-merchant" form: the `subMerchants.create` procedure (operator role,
 * the API's request schema), then straight into the wizard's first step. A refusal comes back as data.
 */
export async function startSubMerchant(
  platformId: string,
  _previous: ActionFailure | null,
  form: FormData,
): Promise<ActionFailure | null> {
  const distributor = String(form.get('distributor') ?? '').trim();
  // Passed on as typed: the procedure's schema is the one check of provider and distributor id.
  const input = {
    platformId,
    provider: String(form.get('provider') ?? ''),
    distributorExternalUserId: distributor || undefined,
  } as CreateInput;
  let id: string;
  try {
    id = (await callAsOperator((caller) => caller.subMerchants.create(input))).record.id;
  } catch (error) {
    return toActionFailure(error);
  }
  redirect(`/platforms/${encodeURIComponent(platformId)}/sub-merchants/${id}/edit?step=license`);
}
