import type { Db } from '@/server/db';

/**
 * Who is acting and on which database handle. `db` may be a transaction the caller opened, so use cases
 * compose: `{ ...ctx, db: tx }`. `actor` is written into history ("apikey:key_…", "operator:op_…", "sync").
 *
 * A use case takes its context first, then one object of named fields (or nothing). One that acts on one platform
 * takes a PlatformContext; one that runs before a platform is known or for none (sign-in, startup, jobs, data keys,
 * upstream pushes) takes a ServiceContext.
 */
export type ServiceContext = { db: Db; actor: string };
export type PlatformContext = ServiceContext & { platformId: string };
