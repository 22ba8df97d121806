import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import * as previewRoute from '@/app/admin/payment-onboardings/[tenantId]/media/[mediaId]/route';
import * as uploadRoute from '@/app/admin/payment-onboardings/[tenantId]/media/route';
import { media } from '@/server/db/schema';
import { defineRoute, json } from '@/server/http/define-route';
import { sessionOperatorId, withPlatformAccess } from '@/server/http/with-platform-access';
import { createOperator } from '@/server/services/operators/create-operator';
import { callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { serveOverHttp } from '../support/http-adapter';
import { inRequestScope, sessionCookie, useRequestScope } from '../support/next-request-scope';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { mediaForm, noiseJpeg, noisePng } from '../support/test-images';

type Platform = Awaited<ReturnType<typeof createPlatformWithKey>>;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describeEachDatabase('/admin/payment-onboardings/{tenantId}/media', (database) => {
  useSandboxOverHttp();
  let mine: Platform;
  let theirs: Platform;
  beforeAll(async () => {
    mine = await createPlatformWithKey(database().db);
    theirs = await createPlatformWithKey(database().db);
  });

  const upload = (tenantId: string, headers: Record<string, string>, form: FormData) =>
    callRoute(uploadRoute.POST, `/admin/payment-onboardings/${tenantId}/media`, {
      method: 'POST',
      headers,
      body: form,
      params: { tenantId },
    });
  const preview = (tenantId: string, mediaId: string, headers: Record<string, string>) =>
    callRoute(previewRoute.GET, `/admin/payment-onboardings/${tenantId}/media/${encodeURIComponent(mediaId)}`, {
      headers,
      params: { tenantId, mediaId },
    });
  const code = async (response: Response) => ((await response.json()) as { code: string }).code;

  it('accepts an API key of the platform (no X-Service-Code) and previews the stored bytes with their type', async () => {
    const image = await noisePng(50, 40);
    const response = await upload(mine.platformId, bearer(mine.apiKey), mediaForm({ bytes: image, name: 'id.png' }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as { mediaId: string; mimeType: string; sha256: string };
    expect(created.mimeType).toBe('image/png');

    const shown = await preview(mine.platformId, created.mediaId, bearer(mine.apiKey));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await shown.arrayBuffer());
    // The re-encoded PNG (no metadata), pixel for pixel the upload.
    expect((await sharp(bytes).raw().toBuffer()).equals(await sharp(image).raw().toBuffer())).toBe(true);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(created.sha256);
    expect(shown.headers.get('etag')).toBe(`"${created.sha256}"`);

    expect((await preview(theirs.platformId, created.mediaId, bearer(theirs.apiKey))).status).toBe(404);
    expect((await preview(mine.platformId, created.mediaId, bearer(theirs.apiKey))).status).toBe(404);
    expect((await preview(mine.platformId, 'no-such-media', bearer(mine.apiKey))).status).toBe(404);
    expect((await preview(mine.platformId, created.mediaId, {})).status).toBe(401);
  });

  it('answers 404 for another platform’s key or a wrong tenant in the path, 401 without credentials, 403 without payments', async () => {
    const form = async () => mediaForm({ bytes: await noiseJpeg(16, 16), name: 'a.jpg' });
    const other = await upload(mine.platformId, bearer(theirs.apiKey), await form());
    expect(other.status).toBe(404);
    expect(await code(other)).toBe('not_found');
    expect((await upload(theirs.platformId, bearer(mine.apiKey), await form())).status).toBe(404);
    expect((await upload('plat_doesnotexist', bearer(mine.apiKey), await form())).status).toBe(404);
    const anonymous = await upload(mine.platformId, {}, await form());
    expect(anonymous.status).toBe(401);
    expect(await code(anonymous)).toBe('unauthenticated');
    expect((await upload(mine.platformId, bearer('sk_test_invalid'), await form())).status).toBe(401);
    const miniOnly = await createPlatformWithKey(database().db, ['miniprogram']);
    expect((await upload(miniOnly.platformId, bearer(miniOnly.apiKey), await form())).status).toBe(403);
  });

  it('accepts a multipart body above the generic 1 MB limit, with its Content-Length, over HTTP', async () => {
    const photo = await noiseJpeg(1400, 1000, 95);
    expect(photo.length).toBeGreaterThan(1024 * 1024);
    const server = await serveOverHttp((request) =>
      uploadRoute.POST(request, { params: Promise.resolve({ tenantId: mine.platformId }) }),
    );
    try {
      const response = await fetch(`${server.url}/admin/payment-onboardings/${mine.platformId}/media`, {
        method: 'POST',
        headers: bearer(mine.apiKey),
        body: mediaForm({ bytes: photo, name: 'p.jpg' }, 'providerB'),
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ provider: 'providerB', mimeType: 'image/jpeg' });
    } finally {
      await server.close();
    }
  });

  it('an operator session needs membership (else 404) and the role (else 403); the API key still wins when sent', async () => {
    const stamp = Date.now();
    const operator = async (role: 'operator' | 'viewer', platformId: string) =>
      (
        await createOperator(
          { db: database().db, actor: 'test' },
          {
            email: `${role}-${stamp}-${platformId}@example.com`,
            password: 'a-long-password-1',
            platformId,
            role,
          },
        )
      ).operatorId;
    const member = await operator('operator', mine.platformId);
    const viewer = await operator('viewer', mine.platformId);
    const outsider = await operator('operator', theirs.platformId);
    const as = (operatorId: string | null) =>
      defineRoute({
        POST: withPlatformAccess({ role: 'operator', operatorId: async () => operatorId }, async (_request, ctx) =>
          json({ platformId: ctx.platformId, actor: ctx.actor, via: ctx.via }),
        ),
      }).POST;
    const call = (operatorId: string | null, headers: Record<string, string> = {}) =>
      callRoute(as(operatorId), `/admin/payment-onboardings/${mine.platformId}/media`, {
        method: 'POST',
        headers,
        params: { tenantId: mine.platformId },
      });

    const ok = await call(member);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ platformId: mine.platformId, actor: `operator:${member}`, via: 'session' });
    expect((await call(viewer)).status).toBe(403);
    expect((await call(outsider)).status).toBe(404);
    expect((await call(null)).status).toBe(401);
    expect(((await (await call(outsider, bearer(mine.apiKey))).json()) as { via: string }).via).toBe('apiKey');
  });

  describe('with a console session cookie', () => {
    useRequestScope();
    const SITE = 'http://localhost:3000';
    let cookie: string;
    beforeAll(async () => {
      const { operatorId } = await createOperator(
        { db: database().db, actor: 'test' },
        {
          email: `media-csrf-${Date.now()}@example.com`,
          password: 'a-long-password-1',
          platformId: mine.platformId,
          role: 'operator',
        },
      );
      cookie = await sessionCookie(operatorId);
    });
    const rowsOfMine = async () =>
      (
        await database()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(media)
          .where(eq(media.platformId, mine.platformId))
      )[0]!.n;
    const sessionUpload = async (headers: Record<string, string>) => {
      const form = mediaForm({ bytes: await noiseJpeg(16, 16), name: 'a.jpg' });
      const request = new Request(`${SITE}/admin/payment-onboardings/${mine.platformId}/media`, {
        method: 'POST',
        headers: { cookie, host: 'localhost:3000', ...headers },
        body: form,
      });
      return inRequestScope(uploadRoute.POST)(request, { params: Promise.resolve({ tenantId: mine.platformId }) });
    };
    const sessionPreview = (mediaId: string, headers: Record<string, string>) => {
      const request = new Request(
        `${SITE}/admin/payment-onboardings/${mine.platformId}/media/${encodeURIComponent(mediaId)}`,
        { headers: { cookie, host: 'localhost:3000', ...headers } },
      );
      return inRequestScope(previewRoute.GET)(request, {
        params: Promise.resolve({ tenantId: mine.platformId, mediaId }),
      });
    };

    it('uploads from the console itself (same-origin, or no browser headers at all)', async () => {
      expect((await sessionUpload({ 'sec-fetch-site': 'same-origin', origin: SITE })).status).toBe(201);
      expect((await sessionUpload({})).status).toBe(201);
    });

    it('refuses a cross-site or same-site upload, or one from a foreign Origin, with 403 and stores nothing', async () => {
      const before = await rowsOfMine();
      const forged: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site', origin: SITE },
        { origin: 'https://evil.example' },
        { origin: 'null' },
      ];
      for (const headers of forged) {
        const response = await sessionUpload(headers);
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(await code(response)).toBe('forbidden');
      }
      expect(await rowsOfMine()).toBe(before);
    });

    it('previews only for the console: a cross-site read (an <img> on another site) is 403; answers forbid cross-origin embedding', async () => {
      const created = (await (await sessionUpload({ 'sec-fetch-site': 'same-origin' })).json()) as { mediaId: string };
      const fromConsole: Record<string, string>[] = [
        { 'sec-fetch-site': 'same-origin' },
        { 'sec-fetch-site': 'none' },
        {},
      ];
      for (const headers of fromConsole) {
        const shown = await sessionPreview(created.mediaId, headers);
        expect(shown.status, JSON.stringify(headers)).toBe(200);
        expect(shown.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      }
      const probes: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of probes) {
        const refused = await sessionPreview(created.mediaId, headers);
        expect(refused.status, JSON.stringify(headers)).toBe(403);
        expect(await code(refused)).toBe('forbidden');
      }
    });
  });

  it('reads the session only when a next-auth session cookie is present', async () => {
    expect(await sessionOperatorId(new Request('http://localhost/', { headers: { cookie: 'theme=dark' } }))).toBeNull();
  });
});
