/**
 * `Idempotency-Key` on `/v1` POSTs, with Stripe's semantics: the first answer to a key is stored for 24 hours per
 * platform and replayed (`Idempotent-Replayed: true`) to a retry sending the same request; the same key with another
 * request is a 422, and a retry while the first is still running a 409. The database decides which request runs
 * (insert on the primary key), so this holds across instances. Stored answers are sealed with the field cipher: some
 * carry secrets for their 24 hours (the OAuth `state` and `pre_auth_code` of `POST /v1/miniprogram/authorize`), and a
 * retry must still get exactly the first answer.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { getEnv } from '@/env';
import { getFieldCipher } from '@/server/config/field-cipher';
import { isEncryptedValue } from '@/server/crypto/field-encryption';
import type { Db } from '@/server/db';
import { idempotencyKeys } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { currentRequestId } from '@/server/request-context';
import { MEDIA_REQUEST_BODY_LIMIT } from '@/server/services/media/upload-media';
import { readBodyBytes } from './parse-request';
import { problemResponse } from './problem';

export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/**
 * A run that has held its key this long is taken to have died with its instance (no POST runs this long: upstream
 * calls time out well before), and a retry may run in its place instead of getting 409 until the key expires.
 */
export const STALE_RUN_MS = 5 * 60_000;

// 1–255 printable ASCII characters, Stripe's limit; anything else is refused before it is stored.
const KEY_SYNTAX = /^[\x20-\x7e]{1,255}$/;

/**
 * Headers of the first answer that are not about that one request: replayed with it. The request id and the
 * caller's current rate limit belong to the retry and are set afresh.
 */
const perRequestHeaders = new Set(['x-request-id', 'retry-after', 'ratelimit', 'ratelimit-policy', 'set-cookie']);

type Run = (request: Request) => Promise<Response>;

/**
 * Runs `run` at most once per platform and key. Without the header the request runs as usual. Answers a later
 * request may legitimately get differently are not stored, and the key is released for a retry: 409 (a conflicting
 * request was running), 429 and every 5xx.
 */
export async function withIdempotency(request: Request, db: Db, platformId: string, run: Run): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  if (key === null) return run(request);
  if (!KEY_SYNTAX.test(key)) {
    throw new AppError('invalid_request', 'Idempotency-Key must be 1 to 255 printable ASCII characters.', {
      errors: [{ pointer: '/header/Idempotency-Key', code: 'invalid_value', message: '1–255 printable ASCII' }],
    });
  }
  const limit = Math.max(getEnv().API_BODY_LIMIT_BYTES, MEDIA_REQUEST_BODY_LIMIT);
  const body = request.body ? await readBodyBytes(request, limit) : undefined;
  const requestHash = hashRequest(request, body);
  const runId = randomUUID();
  const claim = await claimKey(db, { platformId, key, requestHash, runId });
  if (claim.replay) return claim.replay;

  const where = and(
    eq(idempotencyKeys.platformId, platformId),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.runId, runId),
  );
  let response: Response;
  try {
    response = await run(
      new NextRequest(request.url, { method: request.method, headers: request.headers, body, signal: request.signal }),
    );
  } catch (error) {
    if (!(error instanceof AppError) || !storable(error.status)) {
      await db.delete(idempotencyKeys).where(where);
      throw error;
    }
    response = problemResponse(error, currentRequestId() ?? '');
  }
  if (!storable(response.status)) {
    await db.delete(idempotencyKeys).where(where);
    return response;
  }
  const text = await response.text();
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!perRequestHeaders.has(name)) headers[name] = value;
  });
  await db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      responseStatus: response.status,
      responseHeaders: headers,
      responseBody: getFieldCipher().encrypt(text),
    })
    .where(where);
  return new Response(text, { status: response.status, headers: response.headers });
}

const storable = (status: number) => status < 500 && status !== 409 && status !== 429;

/**
 * Method, path and raw body. A multipart body's boundary is chosen afresh by most clients on every send, so it is
 * hashed as a fixed marker: a retry of the same upload hashes the same.
 */
function hashRequest(request: Request, body: Uint8Array | undefined) {
  const hash = createHash('sha256').update(`${request.method} ${new URL(request.url).pathname}\n`);
  if (!body) return hash.digest('hex');
  const boundary = /^multipart\/form-data;.*\bboundary="?([^";]+)"?/i.exec(request.headers.get('content-type') ?? '');
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (!boundary) return hash.update(bytes).digest('hex');
  const marker = Buffer.from(boundary[1]!, 'latin1');
  let from = 0;
  for (let at = bytes.indexOf(marker, from); at !== -1; at = bytes.indexOf(marker, from)) {
    hash.update(bytes.subarray(from, at)).update('\0boundary\0');
    from = at + marker.length;
  }
  return hash.update(bytes.subarray(from)).digest('hex');
}

type Claim = { platformId: string; key: string; requestHash: string; runId: string };

/** Takes the key for this run, or answers: the stored first answer, 422 (another request) or 409 (still running). */
async function claimKey(db: Db, claim: Claim): Promise<{ replay?: Response }> {
  const pk = and(eq(idempotencyKeys.platformId, claim.platformId), eq(idempotencyKeys.key, claim.key));
  // A few rounds: between a failed insert and the read, the holder may release the key (5xx) or it may expire.
  for (let round = 0; round < 3; round++) {
    const now = new Date();
    const fresh = { ...claim, state: 'running' as const, startedAt: now, expiresAt: expiry(now) };
    const inserted = await db
      .insert(idempotencyKeys)
      .values(fresh)
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length) return {};
    // An expired answer is not an answer any more (expired rows are also purged by the idempotency-keys-purge job).
    const renewed = await db
      .update(idempotencyKeys)
      .set({ ...fresh, responseStatus: null, responseHeaders: null, responseBody: null })
      .where(and(pk, lte(idempotencyKeys.expiresAt, now)))
      .returning({ key: idempotencyKeys.key });
    if (renewed.length) return {};
    const [row] = await db.select().from(idempotencyKeys).where(pk);
    if (!row) continue;
    if (row.requestHash !== claim.requestHash) {
      throw new AppError(
        'idempotency_key_reused',
        'This Idempotency-Key was used with a different request (method, path or body) in the last 24 hours. Use a new key for a new request.',
      );
    }
    if (row.state === 'done') return { replay: replayOf(row) };
    const takenOver = await db
      .update(idempotencyKeys)
      .set({ runId: claim.runId, startedAt: now })
      .where(
        and(
          pk,
          eq(idempotencyKeys.state, 'running'),
          eq(idempotencyKeys.runId, row.runId),
          lte(idempotencyKeys.startedAt, new Date(now.getTime() - STALE_RUN_MS)),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    if (takenOver.length) return {};
    throw new AppError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still being processed. Retry after it has finished.',
      { retryAfterSeconds: 1 },
    );
  }
  throw new AppError('idempotency_key_in_use', 'This Idempotency-Key is changing hands; retry shortly.', {
    retryAfterSeconds: 1,
  });
}

const expiry = (from: Date) => new Date(from.getTime() + IDEMPOTENCY_TTL_MS);

function replayOf(row: typeof idempotencyKeys.$inferSelect) {
  const headers = new Headers(row.responseHeaders ?? {});
  headers.set('idempotent-replayed', 'true');
  // Answers stored before they were sealed (at most 24 hours old at the upgrade) replay as they are.
  const body = isEncryptedValue(row.responseBody) ? getFieldCipher().decrypt(row.responseBody) : row.responseBody;
  return new Response(body, { status: row.responseStatus ?? 200, headers });
}
