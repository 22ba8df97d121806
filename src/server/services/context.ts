import type { Db } from '@/server/db';

/**
 * Who is acting and on which database handle. `db` may be a transaction the caller opened, so use cases
 * compose: `{ ...ctx, db: tx }`. `actor` is written into history ("apikey:key_…", "operator:op_…", "sync").
 */
export type ServiceContext = { db: Db; actor: string };
export type PlatformContext = ServiceContext & { platformId: string };
