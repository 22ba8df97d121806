import { expect, test, type Page } from '@playwright/test';
import { apiRecord, jpegFile, recordIdFrom, uploadImage } from '../support/sub-merchant-helpers';
import { admin } from '../support/provision';
import { signIn } from '../support/sign-in';

/**
 * An operator completes the wizard in Chinese for each provider with pickers only: no upstream code (settlement
 * rule, industry, region code, bank name, branch number, MCC) is typed, and the sandbox, which checks the same
 * reference tables as the real hosts, accepts the application.
 */

const shot = (name: string) => `e2e/artifacts/sub-merchant-pickers-${name}.png`;
const saveAndContinue = (page: Page) => page.getByRole('button', { name: '保存并继续' }).click();
const heading = (page: Page) => page.locator('#wizard-step-heading');

/** A searchable picker (combobox): open it, optionally type, choose the option. */
async function pick(page: Page, label: string, option: string | RegExp, typed?: string) {
  await page.getByLabel(label, { exact: true }).click();
  if (typed) await page.getByRole('dialog').getByRole('combobox').fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function pickRegion(page: Page, label: string, names: string[]) {
  await page.getByLabel(label).selectOption({ label: names[0]! });
  if (names[1]) await page.getByLabel('城市', { exact: true }).selectOption({ label: names[1] });
  if (names[2]) await page.getByLabel('区县', { exact: true }).selectOption({ label: names[2] });
}

for (const provider of ['providerA', 'providerB'] as const) {
  test(`${provider}: the whole wizard with pickers only, accepted by the sandbox`, async ({ page }) => {
    test.setTimeout(240_000);
    const photo = (i: number, colour: string) => jpegFile(`${provider}-${i}.jpg`, colour);
    const [license, front, back, entrance, indoor] = [
      await photo(0, '#a1b2c3'),
      await photo(1, '#c3b2a1'),
      await photo(2, '#b2c3a1'),
      await photo(3, '#a1c3b2'),
      await photo(4, '#c3a1b2'),
    ];
    await signIn(page, admin);
    await page.getByLabel('Language').selectOption('zh-CN');
    try {
      await page.getByRole('button', { name: '新建子商户' }).click();
      await page.locator('#new-provider').selectOption(provider);
      await page.getByLabel('商户 ID（可选）').fill(`pickers-${provider}-${Date.now()}`);
      await page.getByRole('button', { name: '创建并开始填写' }).click();
      await expect(page).toHaveURL(/\/edit\?step=license$/);
      const id = recordIdFrom(page.url());

      // 主体与营业执照: the subject type first.
      await page.getByLabel('主体类型').selectOption({ label: '企业' });
      await uploadImage(page, 'licenseCopy', license);
      await page.getByLabel('营业执照注册号（统一社会信用代码）').fill('91350100M000100Y43');
      await page.getByLabel('商户名称（营业执照上的名称）').fill('福州示例科技有限公司');
      await page.getByLabel('经营者/法定代表人姓名').fill('张三');
      await page.getByLabel('营业执照有效期开始日期').fill('2015-03-01');
      await page.getByLabel('长期').first().check();
      await saveAndContinue(page);

      await expect(heading(page)).toContainText('法人身份证');
      await uploadImage(page, 'idCardCopy', front);
      await uploadImage(page, 'idCardNational', back);
      await page.getByLabel('法人身份证姓名').fill('张三');
      await page.getByLabel('法人身份证号码').fill('11010519491231002X');
      await page.getByLabel('法人身份证居住地址').fill('北京市朝阳区示例街道 8 号');
      await page.getByLabel('法人身份证有效期开始时间').fill('2019-06-01');
      await page.getByLabel('法人身份证有效期结束时间').fill('2039-06-01');
      await saveAndContinue(page);

      await expect(heading(page)).toContainText('经营信息');
      await page.getByLabel('商户简称').fill('示例小店');
      await page.getByLabel('客服电话').fill('0591-88886666');
      if (provider === 'providerA') {
        await expect(page.getByLabel('经营类目（MCC）')).toHaveCount(0);
        await page.getByLabel('所属行业').selectOption('餐饮');
        await expect(page.getByLabel('入驻结算规则ID')).toHaveValue('716');
      } else {
        await expect(page.getByLabel('所属行业')).toHaveCount(0);
        await pick(page, '经营类目（MCC）', /快餐店（5814）/, '快餐');
        await expect(page.getByLabel('经营类目（MCC）', { exact: true })).toHaveText('快餐店（5814）');
      }
      await page.getByRole('checkbox', { name: '线下场所' }).check();
      await page.getByLabel('门店名称').fill('示例小店（鼓楼店）');
      await pickRegion(page, '门店省市编码', ['福建省', '福州市', '鼓楼区']);
      await page.getByLabel('门店地址').fill('福建省福州市鼓楼区示例路 1 号');
      await uploadImage(page, 'storeEntrancePics', entrance);
      await uploadImage(page, 'storeIndoorPics', indoor);
      await page.screenshot({ path: shot(`${provider}-business`), fullPage: true });
      await saveAndContinue(page);

      await expect(heading(page)).toContainText('结算账户');
      await page.getByLabel('结算账户类型').selectOption({ label: '对公银行账户' });
      await page.getByTestId('copy-merchantName-accountName').click();
      await expect(page.getByLabel('结算账户开户名称')).toHaveValue('福州示例科技有限公司');
      await pick(page, '结算账户开户银行', '工商银行', '工商');
      await expect(page.getByLabel('结算账户开户银行', { exact: true })).toHaveText('工商银行');
      await page.getByLabel('结算账户银行账号').fill('6222 0212 3456 7890 123');
      if (provider === 'providerA') {
        await pickRegion(page, '开户银行省市编码', ['福建省', '福州市']);
        await pick(page, '开户银行联行号', /工商银行福州鼓楼支行/, '鼓楼');
        await expect(page.getByLabel('开户银行联行号', { exact: true })).toHaveText('工商银行福州鼓楼支行');
      } else {
        await expect(page.getByLabel('开户银行联行号')).toHaveCount(0);
      }
      await page.screenshot({ path: shot(`${provider}-settlement`), fullPage: true });
      await saveAndContinue(page);

      await expect(heading(page)).toContainText('超级管理员');
      await page.getByTestId('copy-legalPerson-contactName').click();
      await expect(page.getByLabel('超级管理员姓名')).toHaveValue('张三');
      await page.getByLabel('超级管理员手机号').fill('13800138000');
      await page.getByLabel('超级管理员邮箱').fill('zhangsan@example.com');
      if (provider === 'providerB')
        await page.getByLabel('签约支付宝账号（实名认证的手机号或邮箱）').fill('13800138000');
      await saveAndContinue(page);

      await expect(page.getByTestId('review-missing')).toContainText('所有必填资料均已填写。');
      // Picked codes read as they were picked, with the code beside the name (not 350102 alone).
      const picked =
        provider === 'providerA'
          ? ['福建省 福州市 鼓楼区（350102）', '福建省 福州市（350100）']
          : ['福建省 福州市 鼓楼区（350102）', '快餐店（5814）'];
      for (const text of picked) await expect(page.getByText(text, { exact: true })).toBeVisible();
      await page.screenshot({ path: shot(`${provider}-review`), fullPage: true });
      await page.getByRole('button', { name: '提交审核' }).click();
      await expect(page).toHaveURL(new RegExp(`/sub-merchants/${id}$`));
      await expect(page.getByTestId('upstream-state')).toHaveText(/已提交|审核中/);
      for (const text of picked) await expect(page.getByText(text, { exact: true })).toBeVisible();
      expect((await apiRecord(id)).chApplymentId).toBeTruthy();
    } finally {
      await page.goto('/');
      await page.getByLabel('语言').selectOption('en');
      await expect(page.getByRole('heading', { name: 'Sub-merchants', level: 1 })).toBeVisible();
    }
  });
}
