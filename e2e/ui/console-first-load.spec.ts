import { expect, test, type Page } from '@playwright/test';
import { apiClient } from '../support/api-client';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';
import { apiKeyFromPage, platformIdOf } from '../support/settings-helpers';

/**
 * Code that only an interaction needs is neither downloaded nor run while a page loads (a phone's main thread is
 * what the console's mobile Lighthouse score measures, docs/benchmarks-console.md): the wizard's submit rules
 * (zod with the GB/T 2260 region table) arrive at the operator's first focus in the form, its searchable pickers
 * (cmdk) with a step that has one, and the toaster (sonner) with the first toast, which is still shown.
 */

// Each marker is a string literal of one library that survives minification.
const markers = { regionTable: '北京市', cmdk: 'cmdk-input', sonner: 'sonner-loading-wrapper' } as const;
type Marker = keyof typeof markers;

/** Which markers the page's scripts so far contained (the bodies of every JavaScript response it received). */
function watchScripts(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return async (marker: Marker) => (await Promise.all(bodies)).some((body) => body.includes(markers[marker]));
}

test('the wizard loads its submit rules at the first focus and its pickers with their step, not with the page', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  await signIn(page, admin);
  const platformId = platformIdOf(page);
  const apiKey = await apiKeyFromPage(page, platformId);
  const draft = await apiClient(apiKey).POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `first-load-${run}` },
  });
  expect(draft.response.status).toBe(201);

  const loaded = watchScripts(page);
  await page.goto(`/platforms/${platformId}/sub-merchants/${draft.data!.id}/edit`);
  const subjectType = page.getByLabel('Subject type');
  await expect(subjectType).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(await loaded('regionTable')).toBe(false);
  expect(await loaded('cmdk')).toBe(false);
  expect(await loaded('sonner')).toBe(false);

  await subjectType.focus();
  await expect.poll(() => loaded('regionTable')).toBe(true);
  // The rules still check the step: the subject type is required.
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
});

test('the work queue mounts the toaster with its first toast', async ({ page }) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const name = `First Load Tea ${run}`;
  await signIn(page, admin);
  const platformId = platformIdOf(page);
  const apiKey = await apiKeyFromPage(page, platformId);
  const draft = await apiClient(apiKey).POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `first-load-${run}`, formData: { merchantName: name } },
  });
  expect(draft.response.status).toBe(201);

  const loaded = watchScripts(page);
  await page.goto(`/platforms/${platformId}/sub-merchants?tab=all&q=${encodeURIComponent(name)}`);
  const select = page.getByRole('checkbox', { name: `Select ${name}` });
  await expect(select).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await loaded('sonner')).toBe(false);

  await select.check();
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText('1 assigned')).toBeVisible();
  expect(await loaded('sonner')).toBe(true);
});
