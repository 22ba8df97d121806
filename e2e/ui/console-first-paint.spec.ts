import { expect, test } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { admin } from '../support/provision';
import { apiKeyFromPage, platformIdOf, submittedSubMerchant } from '../support/settings-helpers';
import { signIn } from '../support/sign-in';

/**
 * One data-loading pattern (docs/console.md): each screen's first data is prefetched on the server and hydrated,
 * so the HTML the server sends already holds it: no "Loading…" first, no fetch after hydration to fill the page.
 * Read as the browser receives it, with the session cookie, before any script runs.
 */
test('detail, wizard, sandbox, work queue and audit log pages arrive with their data in the first HTML', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const name = `First Paint Tea ${run}`;
  await signIn(page, admin);
  const platformId = platformIdOf(page);
  const apiKey = await apiKeyFromPage(page, platformId);
  const draft = await apiClient(apiKey).POST('/v1/payments/sub-merchants', {
    body: {
      distributorExternalUserId: `paint-${run}`,
      // With a subject type the wizard's first step shows the licence fields, the name among them.
      formData: { subjectType: 'SUBJECT_TYPE_ENTERPRISE', merchantName: name },
    },
  });
  expect(draft.response.status).toBe(201);
  const id = draft.data!.id;
  const submitted = await submittedSubMerchant(apiKey, `paint-${run}-sent`);

  // page.request carries the browser context's cookies (the signed-in session); nothing is rendered by a browser.
  // The screens' placeholder while a query has no data, as rendered (the catalog in the payload has the words too).
  const loading = '<p>Loading…</p>';
  const html = async (path: string) => {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    return response.text();
  };

  const detail = await html(`/platforms/${platformId}/sub-merchants/${id}`);
  expect(detail).toMatch(new RegExp(`<h1[^>]*>${name}</h1>`));
  expect(detail).toContain(`paint-${run}`);
  expect(detail).not.toContain(loading);

  // The wizard is titled with the record (name, distributor) and its step list counts what the draft misses, all
  // from the prefetched draft. (Its fields take their values when the form hydrates: react-hook-form inputs.)
  const wizard = await html(`/platforms/${platformId}/sub-merchants/${id}/edit`);
  expect(wizard).toMatch(new RegExp(`<h1[^>]*>[^<]*<span[^>]*>.*${name}.*paint-${run}.*</span></h1>`));
  expect(wizard).toMatch(/data-slot="badge"[^>]*>\d+ missing</);

  const sandbox = await html(`/platforms/${platformId}/sandbox`);
  expect(sandbox).toContain(submitted.chApplymentId!);

  // The work queue: its first page (here searched for the draft, in every tab) and the tab counts.
  const queue = await html(`/platforms/${platformId}/sub-merchants?tab=all&q=${encodeURIComponent(name)}`);
  expect(queue).toContain(`paint-${run}`);
  expect(queue).not.toMatch(/Loading…<\/td>/);

  // The audit log's first page (the API key created above is in it): hydrated, rendered, no placeholder row.
  const auditLog = await html(`/platforms/${platformId}/audit-log`);
  expect(auditLog).toMatch(/auditLog\\*",\\*"list/);
  expect(auditLog).not.toMatch(/Loading…<\/td>/);
});
