/** Request bodies about platforms and their API keys. */
import { z } from 'zod';
import { actionReason } from './action-reason';
import { serviceCodes } from '@/domain/service-codes';

export const createPlatformInput = z.object({ name: z.string().trim().min(1).max(120) });

export const createApiKeyInput = z.object({
  name: z.string().trim().min(1).max(80).default('API key'),
  services: z
    .array(z.enum(serviceCodes))
    .min(1)
    .default([...serviceCodes]),
  reason: actionReason,
});
