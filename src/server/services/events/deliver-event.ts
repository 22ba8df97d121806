import { and, eq } from 'drizzle-orm';
import { getEnv } from '@/env';
import { getFieldCipher } from '@/server/config/field-cipher';
import { signWebhookPayload, SIGNATURE_HEADER } from '@/server/crypto/webhook-signature';
import type { Database } from '@/server/db';
import type { ServiceContext } from '../context';
import { deliveryAttempts, eventDeliveries, events, platforms } from '@/server/db/schema';
import { newId } from '@/server/ids';
import { enqueueJob } from '@/server/db/outbox';
import { DELIVER_EVENT_QUEUE, type DeliverEventPayload } from './deliver-event-queue';
import { deliveryUrlProblem, isForbiddenAddress, type LookupAll } from './delivery-url-guard';
import { eventBody } from './event-payload';
import { pinnedFetch } from './pinned-fetch';
import { retryDelayMs } from './retry-schedule';
import { sendWebhook, type SendOutcome } from './send-webhook';

/**
 * Injectable for tests; `mode` defaults to UPSTREAM_MODE (live refuses http), `allowPrivate` to
 * ALLOW_PRIVATE_WEBHOOK_URLS (without it, loopback and private addresses are refused in every mode).
 */
export type DeliverEventOptions = {
  lookup?: LookupAll;
  now?: () => Date;
  mode?: 'sandbox' | 'live';
  allowPrivate?: boolean;
};

export type DeliverEventResult = 'skipped' | 'succeeded' | 'retry_scheduled' | 'failed';

/**
 * Makes attempt number `input.attempt` of a delivery: signs the event body, POSTs it, records the attempt
 * and either marks the delivery succeeded, schedules the next attempt (a new job through the outbox, in the
 * same transaction as the attempt record) or, when the retry schedule is exhausted, marks it failed.
 *
 * Idempotent under pg-boss's at-least-once: a finished delivery, or a job whose attempt number is not the
 * next one, does nothing; the attempt is recorded only if no other job recorded it first. Its context holds
 * the database (not a transaction): the HTTP call must not hold one open.
 */
export async function deliverEvent(
  ctx: ServiceContext & { db: Database },
  input: DeliverEventPayload & DeliverEventOptions,
): Promise<DeliverEventResult> {
  const { db } = ctx;
  const now = input.now ?? (() => new Date());
  const [row] = await db
    .select({
      delivery: eventDeliveries,
      event: events,
      secretEnc: platforms.webhookSecretEnc,
      previousSecretEnc: platforms.previousWebhookSecretEnc,
    })
    .from(eventDeliveries)
    .innerJoin(events, eq(events.id, eventDeliveries.eventId))
    .innerJoin(platforms, eq(platforms.id, eventDeliveries.platformId))
    .where(eq(eventDeliveries.id, input.deliveryId));
  if (!row || row.delivery.status !== 'pending' || row.delivery.attempts + 1 !== input.attempt) return 'skipped';

  const { delivery, event } = row;
  const body = eventBody(event);
  const cipher = getFieldCipher();
  // During a rotation both secrets sign, so receivers holding either the new or the old one verify.
  const secrets = [
    cipher.decrypt(row.secretEnc),
    ...(row.previousSecretEnc ? [cipher.decrypt(row.previousSecretEnc)] : []),
  ];

  const startedAt = now();
  const started = performance.now();
  const mode = input.mode ?? getEnv().UPSTREAM_MODE;
  const allowPrivate = input.allowPrivate ?? getEnv().ALLOW_PRIVATE_WEBHOOK_URLS;
  const refusal = await deliveryUrlProblem(delivery.url, { mode, allowPrivate, lookup: input.lookup });
  let reachedInside = false;
  const sent: SendOutcome = refusal
    ? { ok: false, statusCode: null, error: refusal, responseSnippet: null }
    : await sendWebhook({
        url: delivery.url,
        body,
        headers: {
          'X-Event-Id': event.id,
          [SIGNATURE_HEADER]: signWebhookPayload({ body, secrets, timestamp: Math.floor(startedAt.getTime() / 1000) }),
        },
        // Connects only to the addresses it checked (no second, rebindable resolution), in every mode.
        fetch: pinnedFetch({
          lookup: input.lookup,
          allowAddress: (address) => {
            const inside = isForbiddenAddress(address);
            reachedInside ||= inside;
            return allowPrivate || !inside;
          },
        }),
      });
  // Every member sees the attempt log: an answer from inside the network (allowed for local development) must
  // not be readable there, only whether it succeeded.
  const outcome: SendOutcome = reachedInside ? { ...sent, responseSnippet: null } : sent;
  const durationMs = Math.round(performance.now() - started);

  const delay = outcome.ok ? null : retryDelayMs(input.attempt);
  const result: DeliverEventResult = outcome.ok ? 'succeeded' : delay === null ? 'failed' : 'retry_scheduled';
  const finishedAt = now();
  const nextAttemptAt = delay === null ? null : new Date(finishedAt.getTime() + delay);

  const recorded = await db.transaction(async (tx) => {
    const updated = await tx
      .update(eventDeliveries)
      .set({
        status: result === 'retry_scheduled' ? 'pending' : result,
        attempts: input.attempt,
        lastAttemptAt: startedAt,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
        nextAttemptAt,
        ...(outcome.ok ? { deliveredAt: finishedAt } : {}),
      })
      .where(
        and(
          eq(eventDeliveries.id, delivery.id),
          eq(eventDeliveries.status, 'pending'),
          eq(eventDeliveries.attempts, input.attempt - 1),
        ),
      )
      .returning({ id: eventDeliveries.id });
    if (updated.length === 0) return false;
    await tx.insert(deliveryAttempts).values({
      id: newId('wha'),
      deliveryId: delivery.id,
      attempt: input.attempt,
      startedAt,
      durationMs,
      statusCode: outcome.statusCode,
      error: outcome.error,
      responseSnippet: outcome.responseSnippet,
    });
    if (nextAttemptAt) {
      const next: DeliverEventPayload = { deliveryId: delivery.id, attempt: input.attempt + 1 };
      await enqueueJob(tx, DELIVER_EVENT_QUEUE, next, { startAfter: nextAttemptAt });
    }
    return true;
  });
  return recorded ? result : 'skipped';
}
