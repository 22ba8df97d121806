// Not a use case: turns the actor strings services write ("operator:op_…", "apikey:key_…", "sync", "seller")
// into who acted, for the record's history and the platform's audit log.
import { inArray } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { apiKeys, operators, type AuditActorKind } from '@/server/db/schema';

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
