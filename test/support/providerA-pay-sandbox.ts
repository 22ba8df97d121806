import { createMemorySandboxStore } from '@/sandbox/store';
import { handleProviderAPayRequest, type ProviderAPayEmulatorContext } from '@/sandbox/providerA/pay/handler';
import { providerASandboxClientSettings } from '@/sandbox/providerA/pay/keys';
import { FIXTURE_APIV3_KEY, loadProviderASandboxKeys } from './fixture-keys';
import { startHttpServer } from './http-test-server';
import { createProviderAPayClient, type ProviderAPayClient } from '@/server/providers/providerA/pay/client';
import type { ApplymentFormData, ProviderAPayClientConfig } from '@/server/providers/providerA/pay/types';

/**
 * Test support: the providerA pay emulator behind a real HTTP server on 127.0.0.1, mounted under the same
 * prefix the app uses, plus clients configured with the sandbox keys. Not used by production code.
 */
export async function startProviderAPaySandbox(options: { responseSerialMode?: 'publicKey' | 'certificate' } = {}) {
  const store = createMemorySandboxStore();
  const keys = loadProviderASandboxKeys({ responseSerialMode: options.responseSerialMode });
  /** Mutable per test: fault injection, signature probes, clock. */
  const emulator: Partial<Omit<ProviderAPayEmulatorContext, 'store' | 'keys' | 'apiV3Key'>> = {};
  const server = await startHttpServer((request) =>
    handleProviderAPayRequest(request, { store, keys, apiV3Key: async () => FIXTURE_APIV3_KEY, ...emulator }),
  );
  const baseUrl = `${server.baseUrl}/sandbox/providerA/pay`;
  const client = (overrides: Partial<ProviderAPayClientConfig> = {}): ProviderAPayClient =>
    createProviderAPayClient({
      baseUrl,
      ...providerASandboxClientSettings(keys),
      retry: { attempts: 3, baseDelayMs: 1 },
      ...overrides,
    });
  return { store, keys, baseUrl, emulator, client, close: server.close };
}

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A published sample ID number with a valid check character (not a real person's). */
export const SAMPLE_ID_NUMBER = '11010519491231002X';
export const SAMPLE_ACCOUNT_NUMBER = '6222020200112233445';
export const SAMPLE_MOBILE = '13800138000';

export async function uploadSampleImages(client: ProviderAPayClient, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      (await client.uploadImage({ bytes: TINY_PNG, filename: `photo-${i}.png`, mimeType: 'image/png' })).mediaId,
    );
  return ids;
}

/** A complete formData (store + mini-program scenes) over uploaded media ids. */
export function sampleFormData(media: string[]): ApplymentFormData {
  const [license, idFront, idBack, entrance, indoor] = media;
  return {
    subjectType: 'SUBJECT_TYPE_INDIVIDUAL',
    contactName: '张三',
    contactMobile: SAMPLE_MOBILE,
    contactEmail: 'zhangsan@example.com',
    licenseCopy: license,
    licenseNumber: '92440300MA5EXAMPL7',
    merchantName: '深圳市南山区示例餐馆',
    legalPerson: '张三',
    idCardCopy: idFront,
    idCardNational: idBack,
    idCardName: '张三',
    idCardNumber: SAMPLE_ID_NUMBER,
    idCardPeriodBegin: '2019-06-01',
    idCardPeriodEnd: '2039-06-01',
    merchantShortname: '示例餐馆',
    servicePhone: '075512345678',
    settlementId: '719',
    qualificationType: '餐饮',
    accountName: '张三',
    accountBank: '工商银行',
    bankAddressCode: '440300',
    accountNumber: SAMPLE_ACCOUNT_NUMBER,
    salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_MINI_PROGRAM'],
    storeName: '示例餐馆南山店',
    storeAddressCode: '440305',
    storeAddress: '广东省深圳市南山区科技园路1号',
    storeEntrancePics: [entrance],
    storeIndoorPics: [indoor],
    miniProgramAppid: 'wx1234567890abcdef',
  };
}
