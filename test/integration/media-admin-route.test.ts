import { createHash } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import * as previewRoute from '@/app/admin/payment-onboardings/[tenantId]/media/[mediaId]/route';
import * as uploadRoute from '@/app/admin/payment-onboardings/[tenantId]/media/route';
import { defineRoute, json } from '@/server/http/define-route';
import { sessionOperatorId, withPlatformAccess } from '@/server/http/with-platform-access';
import { createOperator } from '@/server/services/operators/create-operator';
import { callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { serveOverHttp } from '../support/http-adapter';
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
    callRoute(uploadRoute.POST, `/admin/payment-onboardings/${tenantId}/media`, { method: 'POST', headers, body: form, params: { tenantId } });
  const preview = (tenantId: string, mediaId: string, headers: Record<string, string>) =>
    callRoute(previewRoute.GET, `/admin/payment-onboardings/${tenantId}/media/${encodeURIComponent(mediaId)}`, { headers, params: { tenantId, mediaId } });
  const code = async (response: Response) => ((await response.json()) as { code: string }).code;

  it('accepts an API key of the platform (no X-Service-Code) and previews the stored bytes with their type', async () => {
    const image = await noisePng(50, 40);
    const response = await upload(mine.platformId, bearer(mine.apiKey), mediaForm({ bytes: image, name: 'id.png' }));
    expect(response.status).toBe(201);
    const created = (await response.json()) as { mediaId: string; mimeType: string };
    expect(created.mimeType).toBe('image/png');

    const shown = await preview(mine.platformId, created.mediaId, bearer(mine.apiKey));
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await shown.arrayBuffer());
    expect(bytes.equals(image)).toBe(true);
    expect(shown.headers.get('etag')).toBe(`"${createHash('sha256').update(image).digest('hex')}"`);

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
    const server = await serveOverHttp((request) => uploadRoute.POST(request, { params: Promise.resolve({ tenantId: mine.platformId }) }));
    try {
      const response = await fetch(`${server.url}/admin/payment-onboardings/${mine.platformId}/media`, {
        method: 'POST',
        headers: bearer(mine.apiKey),
        body: mediaForm({ bytes: photo, name: 'p.jpg' }, 'providerB'),
      });
      expect(response.status).toBe(201);
      expect(((await response.json()) as { size: number }).size).toBe(photo.length);
    } finally {
      await server.close();
    }
  });

  it('an operator session needs membership (else 404) and the role (else 403); the API key still wins when sent', async () => {
    const stamp = Date.now();
    const operator = async (role: 'operator' | 'viewer', platformId: string) =>
      (await createOperator(database().db, { email: `${role}-${stamp}-${platformId}@example.com`, password: 'a-long-password-1', platformId, role })).operatorId;
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
      callRoute(as(operatorId), `/admin/payment-onboardings/${mine.platformId}/media`, { method: 'POST', headers, params: { tenantId: mine.platformId } });

    const ok = await call(member);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ platformId: mine.platformId, actor: `operator:${member}`, via: 'session' });
    expect((await call(viewer)).status).toBe(403);
    expect((await call(outsider)).status).toBe(404);
    expect((await call(null)).status).toBe(401);
    expect(((await (await call(outsider, bearer(mine.apiKey))).json()) as { via: string }).via).toBe('apiKey');
  });

  it('reads the session only when a next-auth session cookie is present', async () => {
    expect(await sessionOperatorId(new Request('http://localhost/', { headers: { cookie: 'theme=dark' } }))).toBeNull();
  });
});
