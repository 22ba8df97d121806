// Server code only (session, database, secrets): a client component that imports this module fails the build.
import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { browserTimeZoneFromCookies } from '@/i18n/browser-time-zone';
import { defaultTimeZone } from '@/i18n/format';
import { defaultLocale } from '@/i18n/locales';
import { currentOperatorId } from '@/server/auth/current-operator';
import { getDb } from '@/server/db';
import { getOperator } from '@/server/services/operators/get-operator';
import { listOperatorPlatforms } from '@/server/services/operators/list-operator-platforms';

/**
 * The signed-in operator (profile, language) and their platforms with roles, read once per request: the
 * console layout and the page below it both need it. Null when nobody is signed in.
 */
export const consoleSession = cache(async () => {
  const operatorId = await currentOperatorId();
  if (!operatorId) return null;
  const ctx = { db: await getDb(), actor: `operator:${operatorId}` };
  const browserTimeZone = await consoleBrowserTimeZone();
  const [operator, platforms] = await Promise.all([
    getOperator(ctx, { operatorId, browserTimeZone }),
    listOperatorPlatforms(ctx, { operatorId }),
  ]);
  return operator ? { operator, platforms } : null;
});

/** The console language of the signed-in operator (the layout has already sent everyone else to sign in). */
export const consoleLocale = async () => (await consoleSession())?.operator.locale ?? defaultLocale;

/** The signed-in operator's time zone: every console time is formatted in it, on the server and in the browser. */
export const consoleTimeZone = async () =>
  (await consoleSession())?.operator.timeZone ?? defaultTimeZone(defaultLocale);

/** The zone the operator's browser reported through the console's cookie, if any (i18n/browser-time-zone.ts). */
export const consoleBrowserTimeZone = async () => browserTimeZoneFromCookies((await cookies()).toString());
