import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SandboxStore } from '@/sandbox/store';

/** Sandbox Alipay accounts marked as not real-name (实名认证) through the control API; every other one is. */
const ACCOUNT_KIND = 'providerB:alipay-account';
// A logon id is a mobile number or an e-mail address: it is stored only as a digest.
const idOf = (logonId: string) => createHash('sha256').update(logonId).digest('hex');

export const alipayAccountControlSchema = z
  .object({
    logonId: z.string().trim().min(1).max(254),
    realName: z.boolean(),
  })
  .strict();

export async function setAlipayAccount(store: SandboxStore, input: z.infer<typeof alipayAccountControlSchema>) {
  await store.put(ACCOUNT_KIND, idOf(input.logonId), { realName: input.realName });
  return { realName: input.realName };
}

export async function isRealNameAccount(store: SandboxStore, logonId: string): Promise<boolean> {
  const account = (await store.get(ACCOUNT_KIND, idOf(logonId))) as { realName?: boolean } | undefined;
  return account?.realName !== false;
}
