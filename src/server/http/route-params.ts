import { AppError } from '@/server/errors';
import type { RouteContext } from './define-route';
import { hasControlCharacters } from './parse-request';

/**
 * A route's path parameters as plain strings (catch-all segments joined with "/"). No id, app id or platform
 * contains control characters, so such a segment names nothing: 404 here, before NUL reaches PostgreSQL (which
 * cannot compare text with NUL in it and would fail the query).
 */
export async function readRouteParams(route: RouteContext): Promise<Record<string, string>> {
  const params = Object.fromEntries(
    Object.entries((await route.params) ?? {}).map(([k, v]) => [k, Array.isArray(v) ? v.join('/') : (v ?? '')]),
  );
  for (const [name, value] of Object.entries(params)) {
    if (hasControlCharacters(value)) throw new AppError('not_found', `Nothing has this ${name}: it contains control characters.`);
  }
  return params;
}
