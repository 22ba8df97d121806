/**
 * Where to go after signing in, given a `callbackUrl` from the address bar: only a path on this origin, else
 * the start page. Parsing the way the browser will (tabs and newlines dropped, "\" read as "/") is what makes
 * "//evil", "/\evil", " /\t/evil" or "javascript:" fail the origin check instead of slipping past a prefix test;
 * the result must still begin with exactly one "/" or the browser would read "//host" as another origin.
 * No server-only imports: the sign-in form uses it too.
 */
export function sameOriginPath(value: string | null | undefined, origin: string): string {
  if (!value) return '/';
  let target: URL;
  try {
    target = new URL(value, origin);
  } catch {
    return '/';
  }
  if (target.origin !== new URL(origin).origin || !/^\/(?![/\\])/.test(target.pathname)) return '/';
  return `${target.pathname}${target.search}${target.hash}`;
}
