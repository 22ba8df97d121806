import { expect, test, type Page } from '@playwright/test';
import type { FormDataPatch } from '../../src/schemas/form-data';
import { apiClient } from '../support/api-client';
import { jpegFile, uploadImage } from '../support/sub-merchant-helpers';
import { admin, provision } from '../support/provision';
import { signIn } from '../support/sign-in';

/**
 * The wizard never loses or corrupts an operator's work (issue 20, item 4), in Chinese: every change is saved
 * as a draft within seconds, valid or not; a reload finds everything (photos included); a masked value is
 * retyped whole, never saved back with its asterisks; leaving with unsaved changes asks first; another tab's
 * save is a conflict, not a silent overwrite; the "缺 N 项" counts follow the typing.
 */

const shot = (name: string) => `e2e/artifacts/sub-merchant-autosave-${name}.png`;

async function createRecord(formData: FormDataPatch = {}) {
  const created = await apiClient().POST('/v1/payments/sub-merchants', {
    body: { distributorExternalUserId: `autosave-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, formData },
  });
  expect(created.response.status).toBe(201);
  return created.data!.id;
}

async function apiFormData(id: string) {
  const { data, response } = await apiClient().GET('/v1/payments/sub-merchants/{id}', { params: { path: { id } } });
  expect(response.status).toBe(200);
  return data!.formData as Record<string, unknown>;
}

const wizardUrl = (id: string, step: string) =>
  `/platforms/${provision().platformId}/sub-merchants/${id}/edit?step=${step}`;
const saveStatus = (page: Page) => page.getByTestId('save-status');
const saved = (page: Page) => expect(saveStatus(page)).toHaveText('已保存', { timeout: 10_000 });
const stepLink = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: '进件步骤' }).getByRole('link', { name });

test.describe('the wizard keeps every change (zh-CN)', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, admin);
    await page.getByLabel('Language').selectOption('zh-CN');
    await expect(page.getByRole('heading', { name: '子商户进件', level: 1 })).toBeVisible();
  });
  test.afterEach(async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('语言').selectOption('en');
    await expect(page.getByRole('heading', { name: 'Sub-merchants', level: 1 })).toBeVisible();
  });

  test('autosaves invalid and incomplete values and photos; a reload and 保存并继续 keep them; counts are live', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const id = await createRecord();
    await page.goto(wizardUrl(id, 'license'));
    // The subject type is the first question: nothing else on the step until it is answered.
    await expect(page.getByTestId('choose-subject-first')).toBeVisible();
    await expect(page.getByLabel('商户名称（营业执照上的名称）')).toHaveCount(0);
    await expect(stepLink(page, /主体与营业执照/)).toContainText('缺 5 项');
    await page.getByLabel('主体类型').selectOption({ label: '企业' });
    await expect(stepLink(page, /主体与营业执照/)).toContainText('缺 4 项');
    // Counted as typed, before any save answers.
    await page.getByLabel('商户名称（营业执照上的名称）').fill('福州示例科技有限公司');
    await expect(stepLink(page, /主体与营业执照/)).toContainText('缺 3 项');

    await uploadImage(page, 'licenseCopy', await jpegFile('autosave-license.jpg', '#b0c8e0'));
    // Full-width and lower-case, and not a valid code: cleaned on blur, kept as typed otherwise.
    const licence = page.getByLabel('营业执照注册号（统一社会信用代码）');
    await licence.fill('ａｂｃ１２３');
    await licence.blur();
    await expect(licence).toHaveValue('ABC123');
    await saved(page);
    expect(await apiFormData(id)).toMatchObject({
      subjectType: 'SUBJECT_TYPE_ENTERPRISE',
      merchantName: '福州示例科技有限公司',
      licenseNumber: 'ABC123',
      licenseCopy: expect.any(String),
    });

    await page.reload();
    await expect(licence).toHaveValue('ABC123');
    await expect(page.getByLabel('商户名称（营业执照上的名称）')).toHaveValue('福州示例科技有限公司');
    await expect(page.getByRole('img', { name: '营业执照照片（第 1 张）' })).toBeVisible();

    // 保存并继续 with a step that does not pass: the errors show, and nothing typed is lost.
    await page.getByLabel('经营者/法定代表人姓名').fill('张三');
    await page.getByRole('button', { name: '保存并继续' }).click();
    await expect(page.locator('#field-licenseNumber-error')).toContainText('格式不正确');
    await expect(page).toHaveURL(/step=license/);
    await saved(page);
    await page.reload();
    await expect(page.getByLabel('经营者/法定代表人姓名')).toHaveValue('张三');
    await expect(licence).toHaveValue('ABC123');
    await page.screenshot({ path: shot('reloaded'), fullPage: true });
  });

  test('a masked value is retyped whole: editing starts empty, an untouched mask is never sent back', async ({
    page,
  }) => {
    const id = await createRecord({
      subjectType: 'SUBJECT_TYPE_INDIVIDUAL',
      idCardName: '张三',
      idCardNumber: '11010519491231002X',
    });
    await page.goto(wizardUrl(id, 'legalPerson'));
    const name = page.getByLabel('法人身份证姓名');
    const number = page.getByLabel('法人身份证号码');
    await expect(name).toHaveValue('张*');
    await expect(number).toHaveValue('**************002X');
    await page.screenshot({ path: shot('masked'), fullPage: true });

    await name.click();
    await expect(name).toHaveValue('');
    await name.pressSequentially('李四');
    // Focused and left empty, the ID number gets its mask back and is not sent.
    await number.click();
    await expect(number).toHaveValue('');
    await number.blur();
    await expect(number).toHaveValue('**************002X');
    await saved(page);
    expect(await apiFormData(id)).toMatchObject({ idCardName: '李*', idCardNumber: '**************002X' });

    await number.click();
    await number.pressSequentially('110105194912310037');
    await number.blur();
    await saved(page);
    expect(await apiFormData(id)).toMatchObject({ idCardName: '李*', idCardNumber: '**************0037' });

    await page.reload();
    await expect(name).toHaveValue('李*');
    await expect(number).toHaveValue('**************0037');
  });

  test('leaving with unsaved changes asks first; once saved, it does not', async ({ page }) => {
    const id = await createRecord({ subjectType: 'SUBJECT_TYPE_INDIVIDUAL' });
    await page.goto(wizardUrl(id, 'license'));
    await saved(page);
    await page.getByLabel('商户名称（营业执照上的名称）').fill('仍在输入的名称');
    await page.getByRole('link', { name: '返回子商户详情' }).click();
    const ask = page.getByRole('alertdialog', { name: '离开进件资料？' });
    await expect(ask).toContainText('有修改尚未保存。仍要离开此页面吗？');
    await page.screenshot({ path: shot('leave'), fullPage: true });
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(ask).toHaveCount(0);
    await expect(page).toHaveURL(/\/edit\?step=license/);

    // Closing the tab with a change not yet saved: the browser's own leave prompt.
    const unload = page.waitForEvent('dialog');
    await page.getByLabel('经营者/法定代表人姓名').fill('张三');
    await page.close({ runBeforeUnload: true });
    const prompt = await unload;
    expect(prompt.type()).toBe('beforeunload');
    await prompt.dismiss();
    await expect(page.getByLabel('经营者/法定代表人姓名')).toHaveValue('张三');

    await saved(page);
    await page.getByRole('link', { name: '返回子商户详情' }).click();
    await expect(page).toHaveURL(new RegExp(`/sub-merchants/${id}$`));
    expect(await apiFormData(id)).toMatchObject({ merchantName: '仍在输入的名称', legalPerson: '张三' });
  });

  test('a photo still uploading: leaving asks first, and 保存草稿 waits for it, then the draft holds the photo', async ({
    page,
  }) => {
    const id = await createRecord({ subjectType: 'SUBJECT_TYPE_INDIVIDUAL' });
    await page.goto(wizardUrl(id, 'license'));
    await saved(page);
    // The upload is held at the network until the test lets it through (a slow phone connection).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/admin/payment-onboardings/*/media', async (route) => {
      await held;
      await route.continue();
    });
    await expect(page.locator('#field-licenseCopy')).toBeEnabled(); // enabled once hydrated
    await page.locator('#field-licenseCopy').setInputFiles(await jpegFile('in-flight.jpg', '#c8b0e0'));
    await expect(page.getByTestId('upload-licenseCopy')).toBeVisible();

    await page.getByRole('link', { name: '返回子商户详情' }).click();
    const ask = page.getByRole('alertdialog', { name: '离开进件资料？' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: '取消' }).click();
    await expect(page).toHaveURL(/\/edit\?step=license/);

    await page.getByRole('button', { name: '保存草稿' }).click();
    // Not "saved" while the photo is on its way.
    await expect(saveStatus(page)).not.toHaveText('已保存');
    await expect(page.getByText('草稿已保存。')).toHaveCount(0);
    release();
    await expect(page.getByText('草稿已保存。')).toBeVisible({ timeout: 20_000 });
    await saved(page);
    expect(await apiFormData(id)).toMatchObject({ licenseCopy: expect.any(String) });
  });

  test('a second tab saving after the first is told of the conflict and overwrites nothing', async ({
    page,
    context,
  }) => {
    const id = await createRecord({ subjectType: 'SUBJECT_TYPE_INDIVIDUAL' });
    await page.goto(wizardUrl(id, 'license'));
    const other = await context.newPage();
    await other.goto(wizardUrl(id, 'license'));
    await page.getByLabel('商户名称（营业执照上的名称）').fill('第一个标签页');
    await saved(page);
    await other.getByLabel('商户名称（营业执照上的名称）').fill('第二个标签页');
    await expect(other.getByTestId('save-status')).toContainText('该记录已在其他标签页或由其他人修改');
    await other.screenshot({ path: shot('conflict'), fullPage: true });
    expect(await apiFormData(id)).toMatchObject({ merchantName: '第一个标签页' });
    other.once('dialog', (dialog) => void dialog.accept());
    await other.getByRole('button', { name: '重新加载' }).click();
    await expect(other.getByLabel('商户名称（营业执照上的名称）')).toHaveValue('第一个标签页');
    await other.close();
  });
});
