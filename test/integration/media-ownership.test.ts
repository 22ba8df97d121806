/**
 * A submit may only send images its own platform uploaded: formData holds the provider's media ids, and an id
 * uploaded by another platform (an ID card photo of someone else's seller), for another provider, or never
 * uploaded here at all is refused with 422 form_incomplete at its pointer, before anything goes upstream.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import * as mediaRoute from '@/app/v1/payments/media/route';
import { completeFormDataFixture } from '../support/form-data-fixtures';
import { subMerchants } from '@/server/db/schema';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import { paymentsApi } from '../support/sub-merchants';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { mediaForm } from '../support/test-images';
import type { Provider } from '@/domain/providers';

type Platform = Awaited<ReturnType<typeof createPlatformWithKey>>;
let colour = 0x203040;

async function uploadAs(platform: Platform, provider: Provider) {
  const background = `#${(colour += 0x010203).toString(16).padStart(6, '0').slice(-6)}`;
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const response = await callRoute(mediaRoute.POST, '/v1/payments/media', {
    method: 'POST',
    headers: apiHeaders(platform.apiKey),
    body: mediaForm({ bytes, name: 'photo.jpg' }, provider),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { mediaId: string }).mediaId;
}

describeEachDatabase('media ids in a submit belong to the submitting platform', (database) => {
  const sandbox = useSandboxOverHttp();
  let mine: Platform;
  let theirs: Platform;
  let own: {
    licenseCopy: string;
    idCardCopy: string;
    idCardNational: string;
    storeEntrancePics: string[];
    storeIndoorPics: string[];
  };
  beforeAll(async () => {
    mine = await createPlatformWithKey(database().db);
    theirs = await createPlatformWithKey(database().db);
    const id = await uploadAs(mine, 'providerA');
    own = {
      licenseCopy: id,
      idCardCopy: await uploadAs(mine, 'providerA'),
      idCardNational: id,
      storeEntrancePics: [id],
      storeIndoorPics: [id],
    };
  });

  const applyments = async () =>
    ((await sandbox.control(mine.apiKey, 'GET', '/providerA/applyments')).body as { data: unknown[] }).data;
  const applymentCount = async () => (await applyments()).length;
  async function freshRecord() {
    const created = await paymentsApi(mine.apiKey).create({
      distributorExternalUserId: `own-${Math.random().toString(36).slice(2)}`,
      provider: 'providerA',
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }
  const stateOf = async (id: string) =>
    (
      await database()
        .db.select({ state: subMerchants.chApplymentState, version: subMerchants.version })
        .from(subMerchants)
        .where(eq(subMerchants.id, id))
    )[0];

  it('refuses another platform’s media id, an unknown one and one uploaded for the other provider with 422 at their pointers; nothing goes upstream', async () => {
    const foreign = await uploadAs(theirs, 'providerA');
    const otherProvider = await uploadAs(mine, 'providerB');
    const id = await freshRecord();
    const before = { upstream: await applymentCount(), record: await stateOf(id) };
    const formData = completeFormDataFixture({
      ...own,
      idCardCopy: foreign,
      storeEntrancePics: [own.licenseCopy, 'V1_never-uploaded-here'],
      storeIndoorPics: [otherProvider],
    });
    const response = await paymentsApi(mine.apiKey).submit(id, { formData });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('form_incomplete');
    const errors = response.body.errors as { pointer: string; code: string; message: string }[];
    expect(errors.map((e) => [e.pointer, e.code])).toEqual([
      ['/formData/idCardCopy', 'unknown_media'],
      ['/formData/storeEntrancePics/1', 'unknown_media'],
      ['/formData/storeIndoorPics/0', 'unknown_media'],
    ]);
    for (const error of errors) expect(error.message).toMatch(/not an image uploaded by this platform for providerA/);
    // The message never repeats the id: it names the field and what to do.
    expect(JSON.stringify(errors)).not.toContain(foreign);
    expect({ upstream: await applymentCount(), record: await stateOf(id) }).toEqual(before);
  });

  it('lists media problems together with the other field problems', async () => {
    const foreign = await uploadAs(theirs, 'providerA');
    const id = await freshRecord();
    const response = await paymentsApi(mine.apiKey).submit(id, {
      formData: completeFormDataFixture({ ...own, licenseCopy: foreign, contactName: null }),
    });
    expect(response.status).toBe(422);
    const pointers = (response.body.errors as { pointer: string }[]).map((e) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/formData/licenseCopy', '/formData/contactName']));
  });

  it('submits with the platform’s own media ids', async () => {
    const id = await freshRecord();
    const before = await applymentCount();
    const response = await paymentsApi(mine.apiKey).submit(id, { formData: completeFormDataFixture(own) });
    expect(response.status).toBe(200);
    expect(response.body.replayed).toBe(false);
    expect((await stateOf(id))?.state).not.toBeNull();
    expect(await applymentCount()).toBe(before + 1);
  });
});
