/** The one axe check of the e2e suites: serious and critical violations of the page as it is now, at rest. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Serious and critical axe violations, by rule id and the offending elements, so a failure says what. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Measured at rest: a toast fading in or out is half transparent for a moment, and axe measured that as low
  // contrast on a loaded machine (28 November). Endless animations (spinners) do not count.
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  // A toast stacked behind the newest one is drawn faded and half hidden on purpose (sonner), which axe measures
  // as low contrast; the newest toast is still checked.
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toast][data-front="false"]').analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** No serious or critical violations; `what` names the screen in the failure. */
export async function expectAccessible(page: Page, what: string) {
  expect(await seriousViolations(page), what).toEqual([]);
}
