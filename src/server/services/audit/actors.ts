// Not a use case: turns the actor strings services write ("operator:op_…", "apikey:key_…", "sync", "seller")
// into who acted, for the record's history and the platform's audit log; and names the log's targets.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { apiKeys, operators, platforms, type AuditActorKind } from '@/server/db/schema';

export type ActorDescription = { kind: AuditActorKind; id?: string; name?: string };

/** What the upstream told us (a push, a poll, the status sync) is the upstream's doing, not the service's. */
const upstreamActors = new Set(['sync', 'notification', 'poll', 'upstream']);

function parseActor(actor: string): ActorDescription {
  const [prefix, id] = actor.split(/:(.*)/s) as [string, string | undefined];
  if (prefix === 'operator' && id) return { kind: 'operator', id };
  if (prefix === 'apikey' && id) return { kind: 'apikey', id };
  if (prefix === 'seller') return { kind: 'seller', id };
  if (upstreamActors.has(prefix)) return { kind: 'upstream' };
  return { kind: 'system' };
}

/**
 * Names for many actors at once (two queries whatever their number): an operator's display name (else e-mail),
 * an API key's name. Unknown ids (an operator deleted since) keep no name; the kind still says what acted.
 */
export async function describeActors(db: Db, actors: string[]): Promise<Map<string, ActorDescription>> {
  const parsed = new Map(actors.map((actor) => [actor, parseActor(actor)]));
  const idsOf = (kind: AuditActorKind) => [
    ...new Set([...parsed.values()].filter((a) => a.kind === kind && a.id).map((a) => a.id!)),
  ];
  const operatorIds = idsOf('operator');
  const keyIds = idsOf('apikey');
  const names = new Map<string, string>();
  if (operatorIds.length > 0) {
    const rows = await db
      .select({ id: operators.id, name: operators.name, email: operators.email })
      .from(operators)
      .where(inArray(operators.id, operatorIds));
    for (const row of rows) names.set(`operator:${row.id}`, row.name || row.email);
  }
  if (keyIds.length > 0) {
    const rows = await db
      .select({ id: apiKeys.id, name: apiKeys.name })
      .from(apiKeys)
      .where(inArray(apiKeys.id, keyIds));
    for (const row of rows) names.set(`apikey:${row.id}`, row.name);
  }
  for (const [actor, description] of parsed) {
    const name = names.get(actor);
    if (name) description.name = name;
  }
  return parsed;
}

export async function describeActor(db: Db, actor: string): Promise<ActorDescription> {
  return (await describeActors(db, [actor])).get(actor)!;
}

/**
 * What the audit log's targets are called now, keyed "type:id": an operator as "name <e-mail>" (or the e-mail),
 * the platform and an API key by name. An invitation keeps its id: the invited address is not an operator's yet
 * and stays out of the log. Looked up within `platformId` (an entry
 * only names its own platform's objects); a target deleted since keeps no name and the log shows its id.
 */
export async function describeTargets(
  db: Db,
  platformId: string,
  targets: { type: string; id: string }[],
): Promise<Map<string, string>> {
  const idsOf = (type: string) => [...new Set(targets.filter((t) => t.type === type).map((t) => t.id))];
  const names = new Map<string, string>();
  const operatorIds = idsOf('operator');
  if (operatorIds.length > 0) {
    const rows = await db
      .select({ id: operators.id, name: operators.name, email: operators.email })
      .from(operators)
      .where(inArray(operators.id, operatorIds));
    for (const row of rows) names.set(`operator:${row.id}`, row.name ? `${row.name} <${row.email}>` : row.email);
  }
  const keyIds = idsOf('api_key');
  if (keyIds.length > 0) {
    const rows = await db
      .select({ id: apiKeys.id, name: apiKeys.name })
      .from(apiKeys)
      .where(and(eq(apiKeys.platformId, platformId), inArray(apiKeys.id, keyIds)));
    for (const row of rows) names.set(`api_key:${row.id}`, row.name);
  }
  if (idsOf('platform').includes(platformId)) {
    const [row] = await db.select({ name: platforms.name }).from(platforms).where(eq(platforms.id, platformId));
    if (row) names.set(`platform:${platformId}`, row.name);
  }
  return names;
}
