import { AppError } from '@/server/errors';
import type { RouteContext } from './define-route';
import { hasControlCharacters } from '@/schemas/input-text';

/**
 * A route's path parameters as plain strings (catch-all segments joined with "/"). No id, app id or platform
 * contains control characters, so such a segment names nothing: 404 here, before NUL reaches PostgreSQL (which
 * cannot compare text with NUL in it and would fail the query).
 */
export function readRouteParams(route: RouteContext): Promise<Record<string, string>> {
  // Next.js passes no params to a route without dynamic segments. `then` rather than async/await: one promise.
  return (route.params ?? Promise.resolve({})).then(plainParams);
}

function plainParams(raw: Record<string, string | string[] | undefined> | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    params[name] = Array.isArray(value) ? value.join('/') : (value ?? '');
    if (hasControlCharacters(params[name]))
      throw new AppError('not_found', `Nothing has this ${name}: it contains control characters.`);
  }
  return params;
}
