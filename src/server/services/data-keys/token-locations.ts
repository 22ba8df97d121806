/**
 * Every place that holds field-cipher tokens, each with a keyset-paged reader and a guarded writer, so the
 * re-encryption can walk them in small batches and never overwrite a write that happened after its read.
 * A new encrypted column must be listed here (the raw-dump test in test/integration fails when a token under
 * a retired key remains anywhere).
 */
import { and, asc, eq, gt, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { personalFields } from '@/schemas/form-data';
import type { Db } from '@/server/db';
import {
  idempotencyKeys,
  media,
  mpAuthorizations,
  mpAuthorizers,
  platforms,
  providerCredentials,
  sandboxObjects,
  subMerchants,
} from '@/server/db/schema';

/** One row's tokens by slot name; null where the slot is empty. */
export type TokenSlots = Record<string, string | null>;
export type LocatedRow = { key: string[]; slots: TokenSlots; guard: unknown };
export type Reseal = (token: string) => string;

export type PageOptions = {
  /** Enough of each token to read its key id (the census): a location of large tokens need not load them whole. */
  headsOnly?: boolean;
};

export type TokenLocation = {
  name: string;
  /** Rows after `after` (the last key of the previous page), in key order; a location may return fewer than `limit`. */
  page(db: Db, after: string[] | undefined, limit: number, options?: PageOptions): Promise<LocatedRow[]>;
  /** Writes the row's resealed slots if it is unchanged since it was read; false when it changed meanwhile. */
  rewrite(tx: Db, row: LocatedRow, resealed: TokenSlots): Promise<boolean>;
};

const sameOrNull = (column: AnyPgColumn, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);
/** (a, b, c) > (x, y, z): keyset pagination over a composite primary key. */
const rowAfter = (columns: AnyPgColumn[], after: string[]) =>
  sql`(${sql.join(columns, sql`, `)}) > (${sql.join(
    after.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** A table whose tokens sit in plain text columns: the guard is the tokens themselves. */
function columnLocation(
  name: string,
  table:
    | typeof platforms
    | typeof mpAuthorizers
    | typeof providerCredentials
    | typeof mpAuthorizations
    | typeof idempotencyKeys,
  keyColumns: AnyPgColumn[],
  tokenColumns: Record<string, AnyPgColumn>,
): TokenLocation {
  const slotNames = Object.keys(tokenColumns);
  const keyEquals = (key: string[]) => and(...keyColumns.map((column, i) => eq(column, key[i]!)));
  return {
    name,
    async page(db, after, limit) {
      const selection = Object.fromEntries([
        ...keyColumns.map((c, i) => [`k${i}`, c]),
        ...slotNames.map((s) => [s, tokenColumns[s]!]),
      ]);
      const rows = (await db
        .select(selection)
        .from(table)
        .where(after ? rowAfter(keyColumns, after) : undefined)
        .orderBy(...keyColumns.map((c) => asc(c)))
        .limit(limit)) as Record<string, string | null>[];
      return rows.map((row) => ({
        key: keyColumns.map((_, i) => row[`k${i}`]!),
        slots: Object.fromEntries(slotNames.map((s) => [s, row[s] ?? null])),
        guard: null,
      }));
    },
    async rewrite(tx, row, resealed) {
      const unchanged = slotNames.map((s) => sameOrNull(tokenColumns[s]!, row.slots[s] ?? null));
      const set = Object.fromEntries(slotNames.map((s) => [s, resealed[s] ?? null]));
      const updated = await tx
        .update(table)
        .set(set)
        .where(and(keyEquals(row.key), ...unchanged))
        .returning({ one: sql<number>`1` });
      return updated.length === 1;
    },
  };
}

/** formData's personal fields; every write of formData bumps `version`, which is the guard (left unchanged here). */
const subMerchantFormData: TokenLocation = {
  name: 'sub_merchants.form_data',
  async page(db, after, limit) {
    const rows = await db
      .select({ id: subMerchants.id, version: subMerchants.version, formData: subMerchants.formData })
      .from(subMerchants)
      .where(after ? gt(subMerchants.id, after[0]!) : undefined)
      .orderBy(asc(subMerchants.id))
      .limit(limit);
    return rows.map((row) => {
      const slots: TokenSlots = {};
      for (const field of personalFields) {
        const value = row.formData[field];
        if (typeof value === 'string') slots[field] = value;
        else if (Array.isArray(value))
          value.forEach((item, i) => typeof item === 'string' && (slots[`${field}.${i}`] = item));
      }
      return { key: [row.id], slots, guard: { version: row.version, formData: row.formData } };
    });
  },
  async rewrite(tx, row, resealed) {
    const { version, formData } = row.guard as { version: number; formData: Record<string, unknown> };
    const next: Record<string, unknown> = { ...formData };
    for (const [slot, token] of Object.entries(resealed)) {
      const [field, index] = slot.split('.') as [string, string | undefined];
      if (index === undefined) next[field] = token;
      else next[field] = (next[field] as unknown[]).map((item, i) => (i === Number(index) ? token : item));
    }
    const updated = await tx
      .update(subMerchants)
      .set({ formData: next })
      .where(and(eq(subMerchants.id, row.key[0]!), eq(subMerchants.version, version)))
      .returning({ id: subMerchants.id });
    return updated.length === 1;
  },
};

/** The sandbox upstream's sealed state (sandbox mode): `{ sealed: <token> }`, guarded by the token. */
const sandboxState: TokenLocation = {
  name: 'sandbox_objects.value',
  async page(db, after, limit) {
    const rows = await db
      .select({
        kind: sandboxObjects.kind,
        id: sandboxObjects.id,
        sealed: sql<string | null>`${sandboxObjects.value}->>'sealed'`,
      })
      .from(sandboxObjects)
      .where(after ? rowAfter([sandboxObjects.kind, sandboxObjects.id], after) : undefined)
      .orderBy(asc(sandboxObjects.kind), asc(sandboxObjects.id))
      .limit(limit);
    return rows.map((row) => ({ key: [row.kind, row.id], slots: { sealed: row.sealed }, guard: null }));
  },
  async rewrite(tx, row, resealed) {
    const updated = await tx
      .update(sandboxObjects)
      .set({ value: { sealed: resealed.sealed } })
      .where(
        and(
          eq(sandboxObjects.kind, row.key[0]!),
          eq(sandboxObjects.id, row.key[1]!),
          sql`${sandboxObjects.value}->>'sealed' = ${row.slots.sealed}`,
        ),
      )
      .returning({ id: sandboxObjects.id });
    return updated.length === 1;
  },
};

/** "enc:v1:" + a key id of at most 64 characters + ":" + the 16-character IV + ":": the head names one encryption. */
const TOKEN_HEAD = 96;
/** Sealed images run to ~14 MB of text each (10 MB upload limit): a few per batch bound the memory a batch takes. */
const MEDIA_PAGE = 4;

/** Uploaded images, one token per row; media rows are never updated otherwise, so the token's head is the guard. */
const mediaBytes: TokenLocation = {
  name: 'media.sealed_bytes',
  async page(db, after, limit, options = {}) {
    const token = options.headsOnly
      ? sql<string>`left(${media.sealedBytes}, ${TOKEN_HEAD})`
      : sql<string>`${media.sealedBytes}`;
    const rows = await db
      .select({ id: media.id, token })
      .from(media)
      .where(and(isNotNull(media.sealedBytes), after ? gt(media.id, after[0]!) : undefined))
      .orderBy(asc(media.id))
      .limit(options.headsOnly ? limit : Math.min(limit, MEDIA_PAGE));
    return rows.map((row) => ({ key: [row.id], slots: { sealedBytes: row.token }, guard: null }));
  },
  async rewrite(tx, row, resealed) {
    const head = row.slots.sealedBytes!.slice(0, TOKEN_HEAD);
    const updated = await tx
      .update(media)
      .set({ sealedBytes: resealed.sealedBytes })
      .where(and(eq(media.id, row.key[0]!), sql`left(${media.sealedBytes}, ${TOKEN_HEAD}) = ${head}`))
      .returning({ id: media.id });
    return updated.length === 1;
  },
};

export const tokenLocations: TokenLocation[] = [
  columnLocation('platforms.webhook_secrets', platforms, [platforms.id], {
    webhookSecretEnc: platforms.webhookSecretEnc,
    previousWebhookSecretEnc: platforms.previousWebhookSecretEnc,
  }),
  columnLocation(
    'mp_authorizers.tokens',
    mpAuthorizers,
    [mpAuthorizers.platformId, mpAuthorizers.provider, mpAuthorizers.appId],
    {
      accessTokenEnc: mpAuthorizers.accessTokenEnc,
      refreshTokenEnc: mpAuthorizers.refreshTokenEnc,
    },
  ),
  columnLocation('mp_authorizations.links', mpAuthorizations, [mpAuthorizations.stateHash], {
    authUrl: mpAuthorizations.authUrl,
    mobileAuthUrl: mpAuthorizations.mobileAuthUrl,
    preAuthCode: mpAuthorizations.preAuthCode,
  }),
  columnLocation('provider_credentials.value', providerCredentials, [providerCredentials.name], {
    valueEnc: providerCredentials.valueEnc,
  }),
  columnLocation('idempotency_keys.response_body', idempotencyKeys, [idempotencyKeys.platformId, idempotencyKeys.key], {
    responseBody: idempotencyKeys.responseBody,
  }),
  subMerchantFormData,
  sandboxState,
  mediaBytes,
];
