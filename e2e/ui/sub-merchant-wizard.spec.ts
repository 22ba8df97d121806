import { expect, test } from '@playwright/test';
import {
  apiRecord,
  jpegFile,
  moveApplyment,
  recordIdFrom,
  saveAndContinue,
  stepHeading,
  uploadImage,
} from '../support/sub-merchant-helpers';
import { expectAccessible } from '../support/axe';
import { admin, viewer } from '../support/provision';
import { signIn } from '../support/sign-in';

const shot = (name: string) => `e2e/artifacts/sub-merchant-${name}.png`;

test('an operator onboards an enterprise through the wizard, fixes a rejection and sees it active', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const distributor = `wizard-${Date.now()}`;
  const [license, front, back, entrance, indoor, sharper] = await Promise.all([
    jpegFile('license.jpg', '#d0e0f0'),
    jpegFile('id-front.jpg', '#f0d0d0'),
    jpegFile('id-back.jpg', '#d0f0d0'),
    jpegFile('entrance.jpg', '#f0f0c0'),
    jpegFile('indoor.jpg', '#c0f0f0'),
    jpegFile('id-front-sharper.jpg', '#e0c0a0'),
  ]);
  await signIn(page, admin);
  await expectAccessible(page, 'list');

  await page.getByRole('button', { name: 'New sub-merchant' }).click();
  await page.getByLabel('Distributor id (optional)').fill(distributor);
  await page.getByRole('button', { name: 'Create and start the wizard' }).click();
  await expect(page).toHaveURL(/\/edit\?step=license$/);
  const id = recordIdFrom(page.url());

  // Step 1: subject & business license. Merchant name is left empty on purpose.
  await page.getByLabel('Subject type').selectOption({ label: 'Enterprise' });
  await uploadImage(page, 'licenseCopy', license);
  await expect(page.getByRole('img', { name: 'Business license photo, image 1' })).toBeVisible();
  await page.getByLabel('Business license number (unified social credit code)').fill('91350100M000100Y43');
  await page.getByLabel('Legal representative', { exact: true }).fill('张三');
  await page.getByLabel('Business license valid from').fill('2015-03-01');
  await page.getByLabel('Permanent (长期)').check();
  await saveAndContinue(page);
  const merchantName = page.getByLabel('Merchant name (as on the business license)');
  await expect(page.getByTestId('error-summary')).toContainText(
    'Merchant name (as on the business license) is required.',
  );
  await expect(merchantName).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#field-merchantName-error')).toHaveText(
    'Merchant name (as on the business license) is required.',
  );
  await expect(merchantName).toBeFocused();
  await page.screenshot({ path: shot('wizard-error'), fullPage: true });
  await expectAccessible(page, 'wizard with errors');
  await merchantName.fill('福州示例科技有限公司');
  await expect(merchantName).not.toHaveAttribute('aria-invalid', 'true');
  await saveAndContinue(page);

  // Step 2: legal person's ID; the ID address is there because the subject is an enterprise.
  await expect(stepHeading(page)).toContainText('Legal representative ID card');
  await expect(page).toHaveURL(/step=legalPerson/);
  await uploadImage(page, 'idCardCopy', front);
  await uploadImage(page, 'idCardNational', back);
  await page.getByLabel('Name on the ID card').fill('张三');
  await page.getByLabel('ID card number').fill('11010519491231002X');
  await page.getByLabel('Address on the ID card').fill('北京市朝阳区示例街道 8 号');
  await page.getByLabel('ID card valid from').fill('2019-06-01');
  await page.getByLabel('ID card valid until').fill('2039-06-01');
  await saveAndContinue(page);

  // Step 3: business info; each ticked scene brings its own fields.
  await expect(page).toHaveURL(/step=business/);
  await page.getByLabel('Merchant short name (shown to payers)').fill('示例小店');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Merchant short name (shown to payers)')).toHaveValue('示例小店');
  await page
    .getByRole('navigation', { name: 'Steps of the onboarding form' })
    .getByRole('link', { name: /Legal representative ID card/ })
    .click();
  await expect(page.getByLabel('ID card number')).toHaveValue('**************002X');
  await expect(page.getByLabel('Address on the ID card')).toBeVisible();
  await saveAndContinue(page);

  await expect(page.getByLabel('Store name')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Physical store' }).check();
  await expect(page.getByLabel('Store name')).toBeVisible();
  await expect(page.getByLabel('Mini program AppID')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Mini program' }).check();
  await expect(page.getByLabel('Mini program AppID')).toBeVisible();
  await expect(page.getByLabel('Website domain')).toHaveCount(0);
  await page.getByLabel('Customer service phone').fill('0591-88886666');
  // 所属行业 → 结算规则: picking the industry fills the enterprise's settlement rule.
  await page.getByLabel('Industry (qualification type)').selectOption('餐饮');
  await expect(page.getByLabel('Settlement rule id')).toHaveValue('716');
  await page.getByLabel('Store name').fill('示例小店（鼓楼店）');
  await page.getByLabel('Store province/city code').selectOption({ label: '福建省' });
  await page.getByLabel('City', { exact: true }).selectOption({ label: '福州市' });
  await page.getByLabel('District', { exact: true }).selectOption({ label: '鼓楼区' });
  await page.getByLabel('Store address').fill('福建省福州市鼓楼区示例路 1 号');
  await uploadImage(page, 'storeEntrancePics', entrance);
  await uploadImage(page, 'storeIndoorPics', indoor);
  await page.getByLabel('Mini program AppID').fill('wx0123456789abcdef');
  await page.screenshot({ path: shot('wizard-scenes'), fullPage: true });
  await expectAccessible(page, 'wizard business step');
  await saveAndContinue(page);

  // Step 4: settlement account; the branch number follows the account type.
  const accountType = page.getByLabel('Settlement account type');
  // An enterprise settles to a corporate account: the personal option is not offered at all.
  await expect(accountType.getByRole('option', { name: "Operator's personal bank card" })).toHaveCount(0);
  await expect(page.getByLabel('Bank branch CNAPS number')).toHaveCount(0);
  await accountType.selectOption({ label: 'Corporate bank account' });
  await expect(page.getByLabel('Bank branch CNAPS number')).toBeVisible();
  await page.getByLabel('Settlement account holder name').fill('福州示例科技有限公司');
  await page.getByLabel('Settlement account bank', { exact: true }).click();
  await page.getByRole('option', { name: '工商银行' }).click();
  await page.getByLabel('Settlement account number').fill('6222021234567890123');
  await page.getByLabel('Bank branch province/city code').selectOption({ label: '福建省' });
  await page.getByLabel('City', { exact: true }).selectOption({ label: '福州市' });
  await page.getByLabel('Bank branch CNAPS number', { exact: true }).click();
  await page.getByRole('option', { name: /工商银行福州鼓楼支行/ }).click();
  await expect(page.getByLabel('Bank branch CNAPS number', { exact: true })).toHaveText('工商银行福州鼓楼支行');
  await saveAndContinue(page);

  // Step 5: contact, then review and submit.
  await page.getByLabel('Super administrator name').fill('张三');
  await page.getByLabel('Super administrator mobile number').fill('13800138000');
  await page.getByLabel('Super administrator e-mail').fill('zhangsan@example.com');
  await saveAndContinue(page);
  await expect(page.getByTestId('review-missing')).toContainText('Everything required is filled in.');
  await expect(page.getByText('**************002X')).toBeVisible();
  await page.screenshot({ path: shot('wizard-review'), fullPage: true });
  await page.getByRole('button', { name: 'Submit for review' }).click();

  // Detail: the merchant must sign → QR; then the reviewer rejects the ID photo.
  await expect(page).toHaveURL(new RegExp(`/sub-merchants/${id}$`));
  await expect(page.getByTestId('upstream-state')).toHaveText(/submitted|under review/);
  const first = await apiRecord(id);
  await moveApplyment(request, first.chApplymentId!, { state: 'to_be_signed' });
  await page.getByRole('button', { name: 'Refresh status' }).click();
  await expect(page.getByTestId('upstream-state')).toHaveText('to sign (merchant)');
  await expect(page.getByTestId('sign-qr')).toBeVisible();
  await page.screenshot({ path: shot('detail-sign-qr'), fullPage: true });
  await expectAccessible(page, 'detail');
  await page.getByRole('link', { name: 'All sub-merchants' }).click();
  // The work queue's 等待商户 tab holds the application the merchant must sign.
  const row = page.getByRole('row').filter({ hasText: distributor });
  await page.getByRole('tab', { name: /Waiting on merchant/ }).click();
  await expect(row).toBeVisible();

  await moveApplyment(request, first.chApplymentId!, {
    state: 'rejected',
    rejectReasons: [{ field: 'id_card_copy', reason: '身份证人像面照片模糊' }],
  });
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/sub-merchants/${id}$`));
  await page.getByRole('button', { name: 'Refresh status' }).click();
  await expect(page.getByTestId('upstream-state')).toHaveText('rejected');
  await expect(page.getByTestId('detail-rejected-idCardCopy')).toContainText('身份证人像面照片模糊');
  await page.screenshot({ path: shot('detail-rejected'), fullPage: true });

  // Fix: the link opens the wizard at the ID step with the reason on the field; upload a sharper photo.
  await page.getByRole('link', { name: 'Fix Legal representative ID card, portrait side' }).click();
  await expect(page).toHaveURL(/step=legalPerson&field=idCardCopy/);
  await expect(page.getByTestId('rejected-idCardCopy')).toContainText('身份证人像面照片模糊');
  await expect(page.locator('#field-idCardCopy')).toBeFocused();
  await page.getByRole('button', { name: 'Remove Legal representative ID card, portrait side, image 1' }).click();
  await uploadImage(page, 'idCardCopy', sharper);
  await page
    .getByRole('navigation', { name: 'Steps of the onboarding form' })
    .getByRole('link', { name: /Review & submit/ })
    .click();
  await expect(page.getByTestId('review-missing')).toContainText('Everything required is filled in.');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByTestId('upstream-state')).toHaveText(/submitted|under review/);

  const second = await apiRecord(id);
  await moveApplyment(request, second.chApplymentId!, { state: 'finished' });
  await page.getByRole('button', { name: 'Refresh status' }).click();
  await expect(page.getByTestId('record-status')).toHaveText('active');
  await expect(page.getByTestId('sub-mchid')).toHaveText(/^\d{6,}$/);
  await expect(page.getByTestId('timeline')).toContainText('Submitted for review');
  await page.screenshot({ path: shot('detail-active'), fullPage: true });
});

test('the same journey’s key screens in Chinese', async ({ page }) => {
  await signIn(page, admin);
  await page.getByLabel('Language').selectOption('zh-CN');
  await expect(page.getByRole('heading', { name: '子商户进件', level: 1 })).toBeVisible();
  try {
    await page.getByRole('button', { name: '新建子商户' }).click();
    await page.getByLabel('商户 ID（可选）').fill(`wizard-zh-${Date.now()}`);
    await page.getByRole('button', { name: '创建并开始填写' }).click();
    await expect(stepHeading(page)).toContainText('主体与营业执照');
    await expect(page.getByLabel('营业执照照片')).toHaveCount(0);
    await page.getByLabel('主体类型').selectOption({ label: '企业' });
    await expect(page.getByLabel('营业执照照片')).toBeAttached();
    await page.getByRole('button', { name: '保存并继续' }).click();
    await expect(page.getByTestId('error-summary')).toContainText('请填写营业执照照片。');
    await expect(page.locator('#field-licenseCopy')).toBeFocused();
    await page.getByLabel('营业执照注册号（统一社会信用代码）').fill('123');
    await page.getByRole('button', { name: '保存并继续' }).click();
    await expect(page.locator('#field-licenseNumber-error')).toContainText(
      '营业执照注册号（统一社会信用代码）格式不正确',
    );
    await page.screenshot({ path: shot('wizard-zh'), fullPage: true });
    await expectAccessible(page, 'wizard (zh-CN)');
    await page.getByRole('link', { name: '返回子商户详情' }).click();
    await expect(page.getByRole('heading', { name: '变更记录' })).toBeVisible();
    await expect(page.getByTestId('upstream-state')).toHaveText('草稿（未提交）');
    await page.getByRole('link', { name: '全部子商户' }).click();
    await expect(page.getByRole('heading', { name: '子商户进件', level: 1 })).toBeVisible();
    // The work queue opens on 需要处理 (drafts and rejections): the draft is there, nothing under review is.
    await expect(page.getByRole('tab', { name: /^需要处理（/, selected: true })).toBeVisible();
    await expect(page.getByRole('table').getByText('草稿（未提交）').first()).toBeVisible();
    await expect(page.getByRole('table').getByText('已提交', { exact: true })).toHaveCount(0);
    await page.screenshot({ path: shot('list-zh'), fullPage: true });
  } finally {
    await page.getByLabel('语言').selectOption('en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Sub-merchants|Sub-merchant|Onboarding form/);
  }
});

test('a viewer is offered neither "New sub-merchant" nor the form', async ({ page }) => {
  await signIn(page, viewer);
  await expect(page.getByRole('heading', { name: 'Sub-merchants', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New sub-merchant' })).toHaveCount(0);
  const first = page.getByRole('table').getByRole('link').first();
  await first.click();
  await expect(page).toHaveURL(/\/sub-merchants\/sm_[^/]+$/);
  await expect(page.getByRole('button', { name: 'Refresh status' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Back-fill (admins)' })).toHaveCount(0);
  await page.goto(`${page.url()}/edit?step=license`);
  await expect(page.getByText('Viewers can look at this record but not fill in the form.')).toBeVisible();
});
