import { sql } from 'drizzle-orm';

/**
 * Names one committed state of a sub-merchant row, whatever changed it and whoever did (services, the sync, a
 * migration, psql). PostgreSQL writes a new row version on every UPDATE and stamps it with the writing transaction's
 * id, readable as the system column `xmin`; callers join `version` so that a transaction id reused after wraparound
 * cannot name an old state. Valid outside a transaction only: inside one, a row written twice shows one `xmin` for
 * two states.
 */
export const rowRevision = sql<string>`xmin::text`;
