import { expect, test, type Page } from '@playwright/test';
import { jpegFile, recordIdFrom, stepHeading } from '../support/sub-merchant-helpers';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';

// Keyboard only: every interaction below is page.keyboard (Tab / Shift+Tab / Space / Enter / arrows / typing).
// Reading where the focus is (document.activeElement) is observation, not interaction.

const MAX_TABS = 60;

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const focusedText = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');

/**
 * Presses Tab (or Shift+Tab) until the element is focused, as a keyboard user would; fails when it is never
 * reached (unreachable control) or when the focus stops moving (a keyboard trap).
 */
async function tabTo(
  page: Page,
  matches: (id: string, text: string) => boolean,
  what: string,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
) {
  let previous = '';
  let unchanged = 0;
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    const [id, text] = await Promise.all([focusedId(page), focusedText(page)]);
    if (matches(id, text)) return;
    unchanged = `${id}|${text}` === previous ? unchanged + 1 : 0;
    // A date input keeps the focus for its three segments (month, day, year); more than that is a trap.
    expect(unchanged, `keyboard trap on "${id || text}" while looking for ${what}`).toBeLessThan(4);
    previous = `${id}|${text}`;
    await page.keyboard.press(key);
  }
  throw new Error(`${what} is not reachable with ${key}`);
}

const tabToField = (page: Page, field: string, key: 'Tab' | 'Shift+Tab' = 'Tab') =>
  tabTo(page, (id) => id === `field-${field}`, `field ${field}`, key);
const tabToButton = (page: Page, label: string) => tabTo(page, (_, text) => text === label, `"${label}"`);

async function typeInto(page: Page, field: string, text: string) {
  await tabToField(page, field);
  await page.keyboard.type(text);
}

/** A Chromium date input (en-US: month, day, year segments) filled by typing its digits. */
async function typeDate(page: Page, field: string, isoDate: string) {
  const [year, month, day] = isoDate.split('-');
  await tabToField(page, field);
  await page.keyboard.type(`${month}${day}${year}`);
  await expect(page.locator(`#field-${field}`)).toHaveValue(isoDate);
}

/** Opens the file chooser from the focused image field with the keyboard and picks the file. */
async function uploadWithKeyboard(page: Page, field: string, file: string, key: 'Space' | 'Enter' = 'Space') {
  await tabToField(page, field);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press(key);
  await (await chooser).setFiles(file);
  await expect(page.getByTestId(`upload-${field}`)).toContainText('Uploaded');
}

/** Enter on "Save and continue", then the next step's heading holds the focus. */
async function saveAndContinue(page: Page, nextStep: RegExp) {
  await tabToButton(page, 'Save and continue');
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toContainText(nextStep);
  await expect(stepHeading(page)).toBeFocused();
}

test('an operator fills the whole wizard with the keyboard alone: an individual business selling through a mini program and a website', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const [license, front, back] = await Promise.all([
    jpegFile('kb-license.jpg', '#c8d8e8'),
    jpegFile('kb-front.jpg', '#e8c8c8'),
    jpegFile('kb-back.jpg', '#c8e8c8'),
  ]);
  await signIn(page, admin);

  // List: "New sub-merchant" → provider with the arrow keys → distributor id → Enter.
  await tabToButton(page, 'New sub-merchant');
  await page.keyboard.press('Enter');
  await tabTo(page, (id) => id === 'new-provider', 'the provider select');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#new-provider')).toHaveValue('providerB');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('#new-provider')).toHaveValue('providerA');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`keyboard-${Date.now()}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/edit\?step=license$/);
  const id = recordIdFrom(page.url());

  // Step 1: subject type by typing its name on the focused select; merchant name left empty on purpose.
  await tabToField(page, 'subjectType');
  await page.keyboard.type('Individual');
  await expect(page.locator('#field-subjectType')).toHaveValue('SUBJECT_TYPE_INDIVIDUAL');
  await uploadWithKeyboard(page, 'licenseCopy', license, 'Enter');
  await expect(page.getByRole('img', { name: 'Business license photo, image 1' })).toBeVisible();
  await typeInto(page, 'licenseNumber', '91350100M000100Y43');
  await typeInto(page, 'legalPerson', '李四');
  await typeDate(page, 'licensePeriodBegin', '2018-05-20');
  // The end date is 长期 (permanent): the checkbox after the end date's segments, ticked with Space.
  await tabToField(page, 'licensePeriodEnd-permanent');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Permanent (长期)' })).toBeChecked();
  await expect(page.locator('#field-licensePeriodEnd')).toBeDisabled();
  // Enter in a text field submits the step: the error lands in the summary and on the field, which gets the focus.
  await tabToField(page, 'legalPerson', 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('error-summary')).toContainText(
    'Merchant name (as on the business license) is required.',
  );
  await expect(page.locator('#field-merchantName')).toBeFocused();
  await expect(page.locator('#field-merchantName')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.type('福州李四小吃店');
  await expect(page.locator('#field-merchantName')).not.toHaveAttribute('aria-invalid', 'true');
  await saveAndContinue(page, /Legal representative ID card/);

  // Step 2: the ID address is not asked for an individual business.
  await expect(page).toHaveURL(/step=legalPerson/);
  await uploadWithKeyboard(page, 'idCardCopy', front);
  await uploadWithKeyboard(page, 'idCardNational', back);
  await typeInto(page, 'idCardName', '李四');
  await typeInto(page, 'idCardNumber', '11010519491231002X');
  await expect(page.locator('#field-idCardAddress')).toHaveCount(0);
  await typeDate(page, 'idCardPeriodBegin', '2019-06-01');
  await typeDate(page, 'idCardPeriodEnd', '2039-06-01');
  await saveAndContinue(page, /Business information/);

  // Step 3: scenes are checkboxes toggled with Space; each ticked scene brings its field.
  await typeInto(page, 'merchantShortname', '李四小吃');
  await typeInto(page, 'servicePhone', '0591-88887777');
  // 所属行业 → 结算规则: the first industry with the arrow keys; the individual business's rule follows.
  await tabToField(page, 'qualificationType');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#field-qualificationType')).toHaveValue('餐饮');
  await expect(page.locator('#field-settlementId')).toHaveValue('719');
  await tabTo(
    page,
    (elementId) => elementId === 'field-salesScene-SALES_SCENES_MINI_PROGRAM',
    'the mini program scene',
  );
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Mini program' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Website' })).toBeChecked();
  await typeInto(page, 'miniProgramAppid', 'wx0123456789abcdef');
  await typeInto(page, 'websiteDomain', 'shop.example.com');
  await saveAndContinue(page, /Settlement account/);

  // Step 4: a personal bank card (arrow keys on the select): no CNAPS branch number then.
  await tabToField(page, 'bankAccountType');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('#field-bankAccountType')).toHaveValue('BANK_ACCOUNT_TYPE_PERSONAL');
  await expect(page.locator('#field-bankBranchId')).toHaveCount(0);
  await typeInto(page, 'accountName', '李四');
  // The bank: open the searchable picker with Enter, type part of the name, Enter picks the match.
  await tabToField(page, 'accountBank');
  await page.keyboard.press('Enter');
  await page.keyboard.type('招商');
  await page.keyboard.press('Enter');
  await expect(page.locator('#field-accountBank')).toHaveText('招商银行');
  await expect(page.locator('#field-accountBank')).toBeFocused();
  await typeInto(page, 'accountNumber', '6214831234567890');
  // The bank's city: province, then city, with the arrow keys (福建省 is the 13th province).
  await tabToField(page, 'bankAddressCode');
  for (let i = 0; i < 13; i += 1) await page.keyboard.press('ArrowDown');
  await expect(page.locator('#field-bankAddressCode')).toHaveValue('350000');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('350100');
  await saveAndContinue(page, /Super administrator/);

  // Step 5: contact; Enter in the last field saves and continues.
  await typeInto(page, 'contactName', '李四');
  await typeInto(page, 'contactMobile', '13900139000');
  await typeInto(page, 'contactEmail', 'lisi@example.com');
  await page.keyboard.press('Enter');
  await expect(stepHeading(page)).toContainText('Review');
  await expect(page.getByTestId('review-missing')).toContainText('Everything required is filled in.');

  await tabToButton(page, 'Submit for review');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/sub-merchants/${id}$`));
  await expect(page.getByTestId('upstream-state')).toHaveText(/submitted|under review/);
  await page.screenshot({ path: 'e2e/artifacts/sub-merchant-keyboard-submitted.png', fullPage: true });
});
