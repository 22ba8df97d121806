import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { rawRequest } from '../support/raw-http';

/**
 * Malformed percent-encoding on every route file and every console page, over real HTTP against the production
 * build: Next.js decodes the path before any handler runs, so only `next start` shows what such a path gets
 * (src/proxy.ts answers it). The list is read from src/app as Next.js reads it, so a new route or page is
 * attacked without new test code. API families answer a 400 problem+json, pages a 400 page with the page CSP;
 * never a 5xx.
 */
const RUNS_PER_TEMPLATE = Number(process.env.BAD_INPUT_RUNS ?? 10);
const API_FAMILIES = /^\/(v1|admin|api|callbacks|sandbox|internal)(\/|$)/;

/** Escapes that do not decode: a stray or short "%", non-hex digits, and bytes that are not UTF-8. */
const malformedEscapes = [
  '%',
  '%Z',
  '%ZZ',
  '%4',
  '%E0%A4%A',
  '%E0%A4',
  '%C0%AF',
  '%ED%A0%80',
  '%80',
  '%FF',
  '%F8%88%80%80%80',
  '%%32%30',
];

function templatesOf(fileName: string): string[] {
  const appDir = path.join(process.cwd(), 'src/app');
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return entry.name === fileName ? [path.dirname(full)] : [];
    });
  return walk(appDir)
    .map((dir) =>
      path
        .relative(appDir, dir)
        .split(path.sep)
        .filter((segment) => segment !== '' && !/^\(.*\)$/.test(segment)),
    )
    .map((segments) => `/${segments.join('/')}`)
    .sort();
}

/** The template with one segment carrying a malformed escape: a parameter's value, or the last static segment. */
function pathWith(template: string, at: number, value: string) {
  const segments = template.split('/').slice(1);
  const dynamic = segments.flatMap((segment, i) => (/^\[.*\]$/.test(segment) ? [i] : []));
  const target = dynamic.length > 0 ? dynamic[at % dynamic.length]! : segments.length - 1;
  return `/${segments
    .map((segment, i) => {
      if (i === target) return /^\[.*\]$/.test(segment) ? value : `${segment}${value}`;
      return /^\[.*\]$/.test(segment) ? 'x1' : segment;
    })
    .join('/')}`;
}

const headerOf = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();

const requestFor = fc.record({
  escape: fc.constantFrom(...malformedEscapes),
  before: fc.stringMatching(/^[A-Za-z0-9_.~-]{0,12}$/),
  // Never a hex digit first: it would complete the escape ("%4" + "a" is "%4a", a valid escape).
  after: fc.stringMatching(/^([G-Zg-z_.~-][A-Za-z0-9_.~-]{0,11})?$/),
  at: fc.nat(5),
  method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
  query: fc.boolean(),
});

for (const kind of ['route', 'page'] as const) {
  test(`malformed percent-encoding on every ${kind} file is a 400, never a 5xx`, async ({ baseURL }) => {
    const templates = templatesOf(kind === 'route' ? 'route.ts' : 'page.tsx');
    expect(templates.length).toBeGreaterThan(kind === 'route' ? 30 : 8);
    let sent = 0;
    for (const template of templates) {
      await fc.assert(
        fc.asyncProperty(requestFor, async (r) => {
          const target = `${pathWith(template, r.at, `${r.before}${r.escape}${r.after}`)}${r.query ? '?a=1' : ''}`;
          const body = r.method === 'GET' || r.method === 'DELETE' ? '' : '{}';
          const head = [
            `${r.method} ${target} HTTP/1.1`,
            'Host: localhost',
            'Accept-Language: en',
            ...(body ? ['Content-Type: application/json', `Content-Length: ${body.length}`] : []),
            'Connection: close',
            '',
            body,
          ].join('\r\n');
          const answer = await rawRequest(baseURL!, head);
          sent++;
          const label = `${r.method} ${target}`;
          expect(answer.status, label).toBe(400);
          if (API_FAMILIES.test(target)) {
            expect(headerOf(answer.head, 'content-type'), label).toBe('application/problem+json');
            expect(answer.body, label).toContain('"status":400');
            expect(answer.body, label).toContain('"code":"invalid_request"');
          } else {
            expect(headerOf(answer.head, 'content-type'), label).toBe('text/html; charset=utf-8');
            expect(headerOf(answer.head, 'content-security-policy'), label).toContain("frame-ancestors 'none'");
            expect(answer.body, label).toContain('<h1>This address is not valid</h1>');
          }
        }),
        { numRuns: RUNS_PER_TEMPLATE },
      );
    }
    expect(sent).toBe(templates.length * RUNS_PER_TEMPLATE);
    // The server is still up and serves ordinary requests.
    expect(
      (await rawRequest(baseURL!, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status,
    ).toBe(200);
  });
}
