/**
 * ID-card and licence photos: every upload is decoded and re-encoded, so what is stored and what the upstream
 * receives carries no EXIF, XMP, comment or text chunk; undecodable images are refused before anything is
 * stored or sent; and the stored bytes are sealed, so no column of the database holds image bytes.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import * as previewRoute from '@/app/admin/payment-onboardings/[tenantId]/media/[mediaId]/route';
import * as mediaRoute from '@/app/v1/payments/media/route';
import { MEDIA_KIND, type SandboxMedia } from '@/sandbox/providerA/pay/media-upload';
import { IMAGE_KIND } from '@/sandbox/providerB';
import type { SandboxImage } from '@/sandbox/providerB/zft/zft-orders';
import { media, sandboxObjects } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { sealPlainMedia } from '@/server/services/media/seal-plain-media';
import { apiHeaders, callRoute } from '../support/call-route';
import { describeEachDatabase } from '../support/databases';
import { createPlatformWithKey } from '../support/fixtures';
import {
  PLANTED,
  dumpColumns,
  exifHasGps,
  imageLeaks,
  jpegWithPrivateMetadata,
  pngWithGarbageIdat,
  pngWithTextChunks,
  truncatedJpeg,
} from '../support/private-images';
import { useSandboxOverHttp } from '../support/sandbox-server';
import { mediaForm } from '../support/test-images';

type Media = { mediaId: string; provider: string; mimeType: string; size: number; sha256: string };
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describeEachDatabase('uploaded images: metadata stripped, corrupt ones refused, bytes sealed at rest', (database) => {
  const sandbox = useSandboxOverHttp();
  let platform: Awaited<ReturnType<typeof createPlatformWithKey>>;
  beforeAll(async () => {
    platform = await createPlatformWithKey(database().db);
  });

  const upload = (bytes: Buffer, name: string, provider = 'providerA') =>
    callRoute(mediaRoute.POST, '/v1/payments/media', {
      method: 'POST',
      headers: apiHeaders(platform.apiKey),
      body: mediaForm({ bytes, name }, provider),
    });
  const preview = async (mediaId: string) => {
    const response = await callRoute(
      previewRoute.GET,
      `/admin/payment-onboardings/${platform.platformId}/media/${encodeURIComponent(mediaId)}`,
      {
        headers: { authorization: `Bearer ${platform.apiKey}` },
        params: { tenantId: platform.platformId, mediaId },
      },
    );
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const counts = async () => {
    const [rows] = await database()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(media)
      .where(eq(media.platformId, platform.platformId));
    // Any namespace's media (the sandbox keeps each platform's under t/<namespace>/<kind>).
    const [upstream] = await database()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(sandboxObjects)
      .where(sql`${sandboxObjects.kind} like ${'%' + MEDIA_KIND} or ${sandboxObjects.kind} like ${'%' + IMAGE_KIND}`);
    return { rows: rows!.n, upstream: upstream!.n };
  };
  /** Fails with the planted strings and metadata blocks that are still in `bytes`. */
  async function expectNoMetadata(bytes: Buffer) {
    const meta = await sharp(bytes).metadata();
    expect({ exif: meta.exif, xmp: meta.xmp, iptc: meta.iptc, icc: meta.icc, comments: meta.comments }).toEqual({
      exif: undefined,
      xmp: undefined,
      iptc: undefined,
      icc: undefined,
      comments: undefined,
    });
    const text = bytes.toString('latin1');
    expect(Object.values(PLANTED).filter((planted) => text.includes(planted))).toEqual([]);
    for (const marker of ['Exif\0\0', 'http://ns.adobe.com/xap', 'tEXt', 'iTXt', 'zTXt', 'eXIf'])
      expect(text.includes(marker), marker).toBe(false);
  }

  it('a JPEG with EXIF GPS, serial number, description, XMP and a comment: neither the stored nor the sent bytes keep any of it', async () => {
    const photo = await jpegWithPrivateMetadata();
    const original = await sharp(photo).metadata();
    expect(exifHasGps(original.exif)).toBe(true);
    expect(original.xmp).toBeDefined();
    expect(photo.toString('latin1')).toContain(PLANTED.jpegComment);

    const response = await upload(photo, 'IMG_0001.jpg');
    expect(response.status).toBe(201);
    const created = (await response.json()) as Media;
    expect(created).toMatchObject({ provider: 'providerA', mimeType: 'image/jpeg' });
    const stored = await preview(created.mediaId);
    await expectNoMetadata(stored);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 96, height: 64 });
    expect(created).toMatchObject({ size: stored.length, sha256: sha(stored) });
    // What the upstream received: the sandbox keeps the SHA-256 of the bytes it was sent.
    const received = await sandbox.store(platform.platformId).get<SandboxMedia>(MEDIA_KIND, created.mediaId);
    expect(received?.sha256).toBe(sha(stored));
    expect(received?.size).toBe(stored.length);
  });

  it('a PNG with tEXt chunks stays a PNG without them, here and at the upstream', async () => {
    const scan = await pngWithTextChunks();
    expect((await sharp(scan).metadata()).comments).toHaveLength(2);
    const response = await upload(scan, 'scan.png', 'providerB');
    expect(response.status).toBe(201);
    const created = (await response.json()) as Media;
    expect(created).toMatchObject({ provider: 'providerB', mimeType: 'image/png' });
    const stored = await preview(created.mediaId);
    await expectNoMetadata(stored);
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 64, height: 48 });
    // The pixels are the same: PNG re-encoding is lossless.
    const [before, after] = await Promise.all([sharp(scan).raw().toBuffer(), sharp(stored).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
    const received = await sandbox.store(platform.platformId).get<SandboxImage>(IMAGE_KIND, created.mediaId);
    expect(received?.sha256).toBe(sha(stored));
  });

  it('refuses a PNG with garbage pixel data and a truncated JPEG with 415, storing and sending nothing', async () => {
    const before = await counts();
    const answers: [string, number, string | undefined, string | undefined][] = [];
    for (const [bytes, name] of [
      [await pngWithGarbageIdat(), 'broken.png'],
      [await truncatedJpeg(), 'cut.jpg'],
    ] as const) {
      const response = await upload(bytes, name);
      const body = (await response.json()) as { code?: string; detail?: string };
      answers.push([name, response.status, response.headers.get('content-type') ?? undefined, body.code]);
      if (response.status === 415) expect(body.detail).toMatch(/cannot be decoded/);
    }
    expect(answers).toEqual([
      ['broken.png', 415, 'application/problem+json', 'unsupported_media_type'],
      ['cut.jpg', 415, 'application/problem+json', 'unsupported_media_type'],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('no column of any table holds image bytes, signatures or the planted metadata (select * from media, every bytea/text/json column)', async () => {
    const known: Buffer[] = [];
    for (const [bytes, name, provider] of [
      [await jpegWithPrivateMetadata(), 'a.jpg', 'providerA'],
      [await pngWithTextChunks(), 'b.png', 'providerB'],
    ] as const) {
      const response = await upload(bytes, name, provider);
      expect(response.status).toBe(201);
      known.push(bytes, await preview(((await response.json()) as Media).mediaId));
    }
    const rows = await database().executeSql(`select t::text as row from media t where platform_id = $1`, [
      platform.platformId,
    ]);
    expect(rows.rows.length).toBeGreaterThanOrEqual(2);
    const mediaDump = (rows.rows as { row: string }[]).map((r) => ({ column: 'media.*', bytea: false, value: r.row }));
    expect(mediaDump.filter((r) => r.value.includes('\\xffd8ff') || r.value.includes('\\x89504e47'))).toEqual([]);
    const dump = [...mediaDump, ...(await dumpColumns(database()))];
    expect(dump.some((r) => r.column.startsWith('media.'))).toBe(true);
    expect(imageLeaks(dump, known)).toEqual([]);
  });

  it('an upgrade leaves no plain bytes: rows stored in plain before are re-encoded (or, undecodable, kept as they were) and sealed', async () => {
    const photo = await jpegWithPrivateMetadata();
    const cut = await truncatedJpeg();
    // As the previous version stored them: plain bytea, a plain SHA-256, no seal.
    const legacy = [
      { id: newId('med'), mediaId: `V1_legacy_${Date.now()}_a`, bytes: photo },
      { id: newId('med'), mediaId: `V1_legacy_${Date.now()}_b`, bytes: cut },
    ];
    for (const row of legacy) {
      await database().executeSql(
        `insert into media (id, platform_id, provider, upstream_media_id, mime_type, size, original_size, width, height, bytes, created_by)
         values ($1, $2, 'providerA', $3, 'image/jpeg', $4, $4, 96, 64, decode($5, 'hex'), 'v1')`,
        [row.id, platform.platformId, row.mediaId, row.bytes.length, row.bytes.toString('hex')],
      );
    }
    expect(imageLeaks(await dumpColumns(database()), [photo, cut]).length).toBeGreaterThan(0); // the scan sees them

    expect(await sealPlainMedia({ db: database().db, actor: 'test' })).toEqual({ sealed: 1, sealedAsStored: 1 });
    expect(await sealPlainMedia({ db: database().db, actor: 'test' })).toEqual({ sealed: 0, sealedAsStored: 0 });
    const [plainLeft] = (
      await database().executeSql(
        `select count(*)::int as n from media where bytes is not null or sealed_bytes is null`,
      )
    ).rows as { n: number }[];
    expect(plainLeft!.n).toBe(0);
    const cleaned = await preview(legacy[0]!.mediaId);
    await expectNoMetadata(cleaned);
    expect(await sharp(cleaned).metadata()).toMatchObject({ format: 'jpeg', width: 96, height: 64 });
    expect((await preview(legacy[1]!.mediaId)).equals(cut)).toBe(true);
    expect(imageLeaks(await dumpColumns(database()), [photo, cut, cleaned])).toEqual([]);
  });
});
