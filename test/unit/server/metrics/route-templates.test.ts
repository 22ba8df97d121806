import { describe, expect, it } from 'vitest';
import { ROUTE_TEMPLATES, routeTemplateOf } from '@/server/metrics/route-templates';
import { fillTemplate, listRouteFiles } from '../../../support/route-files';

describe('ROUTE_TEMPLATES', () => {
  it('lists exactly the route files under src/app (a new route file must be added)', () => {
    expect([...ROUTE_TEMPLATES].sort()).toEqual(
      listRouteFiles()
        .map((route) => route.template)
        .sort(),
    );
  });

  it('labels each route file’s own URLs with its template; the 404 catch-alls are unmatched', () => {
    for (const { template } of listRouteFiles()) {
      const url = fillTemplate(template, {
        id: 'sm_01',
        tenantId: 'plt_1',
        mediaId: 'm 1',
        path: 'a/b',
        nextauth: 'session',
        trpc: 'x',
        appId: 'wx1',
        provider: 'providerB',
        applymentId: '9',
        auditId: '7',
        kind: 'banks',
        platform: 'providerA',
        ns: 'Ns1',
        token: 'tok1',
        linkId: 'olink_1',
        rolloutId: 'ro_1',
      });
      const expected = ['/v1/{...path}', '/admin/{...path}'].includes(template) ? 'unmatched' : template;
      expect(routeTemplateOf(url), url).toBe(expected);
    }
  });
});
