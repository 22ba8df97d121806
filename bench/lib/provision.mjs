/**
 * Provisioning through the product's own interfaces: the CLI for the platform and its key, the REST API for
 * sub-merchants, so the bench data is exactly what an integrator would create.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export async function createPlatformWithCli({ appDir, env, name = 'Bench' }) {
  const { stdout } = await run('npm', ['run', '--silent', 'cli', '--', 'platform', 'create', '--name', name, '--json'], {
    cwd: appDir,
    env,
    maxBuffer: 1 << 20,
  });
  const line = stdout.trim().split('\n').reverse().find((l) => l.startsWith('{'));
  const result = line ? JSON.parse(line) : {};
  if (!result.platformId || !result.apiKey) throw new Error('The CLI did not print { platformId, apiKey }.');
  return { platformId: result.platformId, apiKey: result.apiKey };
}

export const apiHeaders = (apiKey) => ({
  authorization: `Bearer ${apiKey}`,
  'x-service-code': 'payments',
  'content-type': 'application/json',
});

/**
 * A draft as a seller leaves it half-way: every personal field is filled in (they are encrypted at rest and
 * decrypted + masked on every read, which is the cost the read routes must carry), media ids are placeholders.
 */
export function draftFormData(i) {
  const n = String(i).padStart(4, '0');
  return {
    subjectType: 'SUBJECT_TYPE_ENTERPRISE',
    contactName: '张三',
    contactMobile: `1380013${n}`,
    contactEmail: `seller${n}@example.com`,
    licenseCopy: `media-license-copy-${n}`,
    licenseNumber: '91350100M000100Y43',
    merchantName: `福州示例科技有限公司${n}`,
    legalPerson: '张三',
    licenseAddress: '福建省福州市鼓楼区示例路 1 号',
    licensePeriodBegin: '2015-03-01',
    licensePeriodEnd: '长期',
    idCardCopy: `media-id-card-copy-${n}`,
    idCardNational: `media-id-card-national-${n}`,
    idCardName: '张三',
    idCardNumber: '11010519491231002X',
    idCardAddress: '北京市朝阳区示例街道 8 号',
    idCardPeriodBegin: '2019-06-01',
    idCardPeriodEnd: '2039-06-01',
    merchantShortname: '示例小店',
    servicePhone: '0591-88886666',
    settlementId: '716',
    qualificationType: '餐饮',
    salesScene: ['SALES_SCENES_STORE'],
    bankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE',
    accountName: `福州示例科技有限公司${n}`,
    accountBank: '工商银行',
    accountNumber: `622202123456789${n}`,
    bankAddressCode: '350100',
    bankBranchId: '102391000018',
    storeName: '示例小店（鼓楼店）',
    storeAddressCode: '350102',
    storeAddress: '福建省福州市鼓楼区示例路 1 号 1 层',
  };
}

/** Creates `count` drafts over the REST API with a few requests in flight; returns their ids in order. */
export async function createSubMerchants({ baseUrl, apiKey, count, concurrency = 8 }) {
  const ids = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const response = await fetch(`${baseUrl}/v1/payments/sub-merchants`, {
        method: 'POST',
        headers: apiHeaders(apiKey),
        body: JSON.stringify({ distributorExternalUserId: `bench-seller-${i}`, provider: 'providerA', formData: draftFormData(i) }),
      });
      const body = await response.json();
      if (response.status !== 201) throw new Error(`Creating sub-merchant ${i} answered ${response.status}: ${body.code ?? ''} ${body.title ?? ''}`);
      ids[i] = body.id;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}
