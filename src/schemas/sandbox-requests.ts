/** Request bodies of the console's sandbox page (the sandbox reviewer's decisions), shared with its forms. */
import { z } from 'zod';

export const decideSandboxAuditInput = z
  .object({
    auditId: z.string().min(1).max(128),
    decision: z.enum(['approve', 'reject', 'delay']),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();

/** One rejected field: a formData field name (e.g. idCardCopy) and why. */
export const sandboxRejectReason = z
  .object({ field: z.string().min(1).max(100), reason: z.string().trim().min(1).max(500) })
  .strict();

export const moveSandboxApplymentInput = z
  .object({
    provider: z.enum(['providerA', 'providerB']),
    applymentId: z.string().min(1).max(128),
    state: z.enum(['auditing', 'to_be_confirmed', 'to_be_signed', 'finished', 'rejected']),
    /** formData field names (e.g. idCardCopy), translated to the upstream's own names here. */
    rejectReasons: z.array(sandboxRejectReason).max(20).optional(),
  })
  .strict();

/** The audit-rejection form: only the optional reason is typed (the row gives the audit). */
export const sandboxAuditRejectForm = decideSandboxAuditInput.pick({ reason: true });

/** The sandbox page's applications: a search (record id, distributor id, application id) and a page of them. */
export const listSandboxApplymentsInput = z
  .object({
    q: z.string().trim().max(100).optional(),
    page: z.number().int().min(0).max(100_000).default(0),
  })
  .strict();
export type ListSandboxApplymentsInput = z.input<typeof listSandboxApplymentsInput>;
