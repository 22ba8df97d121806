/**
 * The app's route list, read from the file system as Next.js reads it (src/app/**\/route.ts), so suites that
 * walk every endpoint pick up a new route file without new test code.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RouteHandler } from '@/server/http/define-route';
import { operations } from '@/app/operations';
import type { Operation } from '@/server/openapi/operation';

const appDir = path.join(process.cwd(), 'src/app');
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type RouteFile = {
  /** Relative to the repository, e.g. src/app/v1/payments/sub-merchants/[id]/route.ts */
  file: string;
  /** The URL template in OpenAPI style: /v1/payments/sub-merchants/{id}; a catch-all is {...path}. */
  template: string;
  load: () => Promise<Partial<Record<HttpMethod, RouteHandler>>>;
};

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    return entry.name === 'route.ts' ? [full] : [];
  });
}

export function listRouteFiles(): RouteFile[] {
  return walk(appDir)
    .sort()
    .map((full) => {
      const relative = path.relative(appDir, path.dirname(full)).split(path.sep);
      // Route groups "(name)" do not appear in URLs.
      const segments = relative
        .filter((s) => !/^\(.*\)$/.test(s))
        .map((s) => s.replace(/^\[(\.\.\.)?(\w+)\]$/, (_m, rest, name) => `{${rest ?? ''}${name}}`));
      return {
        file: path.relative(process.cwd(), full),
        template: `/${segments.join('/')}`,
        load: () => import(/* @vite-ignore */ full) as Promise<Partial<Record<HttpMethod, RouteHandler>>>,
      };
    });
}

/** The OpenAPI operations (the same list /v1/openapi.json is built from) of one route file. */
export const operationsOf = (route: RouteFile): Operation[] => operations.filter((op) => op.path === route.template);

/** Fills a template: {name} from `params` (URL-encoded), {...name} from a path. */
export function fillTemplate(template: string, params: Record<string, string>) {
  return template.replace(/\{(\.\.\.)?(\w+)\}/g, (_m, rest, name) =>
    rest ? (params[name] ?? '') : encodeURIComponent(params[name] ?? ''),
  );
}

/** The params object Next.js hands a route handler for a URL of this template: segments decoded. */
export function routeParams(template: string, params: Record<string, string>): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {};
  for (const match of template.matchAll(/\{(\.\.\.)?(\w+)\}/g)) {
    const value = params[match[2]!] ?? '';
    result[match[2]!] = match[1] ? value.split('/').map(safeDecode) : value;
  }
  return result;
}

function safeDecode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
