/**
 * What a refused upload must leave behind: the platform's stored media rows and the sandbox's uploaded objects,
 * counted before and after; and the problem answer's shape and code.
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '@/server/db';
import { MEDIA_KIND } from '@/sandbox/providerA/pay/media-upload';
import { media, sandboxObjects } from '@/server/db/schema';

/** The platform's media rows and every sandbox media object (the upstream's side of an upload). */
export const mediaState = async (db: Db, platformId: string) => ({
  rows: (await db.select({ id: media.id }).from(media).where(eq(media.platformId, platformId))).length,
  upstream: (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxObjects)
      .where(sql`${sandboxObjects.kind} like ${`%${MEDIA_KIND}`}`)
  )[0]!.n,
});

/** Asserts a problem+json refusal with this status and code; returns its detail for further checks. */
export async function expectRefused(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as { code: string; detail: string };
  expect(body.code).toBe(code);
  return body.detail;
}
