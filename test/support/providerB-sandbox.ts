import { createMemorySandboxStore, type SandboxStore } from '@/sandbox/store';
import { createProviderBClient, type ProviderBClient, type ProviderBClientOptions } from '@/server/providers/providerB';
import type { ZftFormData } from '@/server/providers/providerB/zft/form-data';
import { handleProviderBGatewayRequest, type ProviderBSandboxKeys } from '@/sandbox/providerB/index';
import { loadProviderBSandboxKeys } from './fixture-keys';
import { serveOverHttp as serveFetchHandler } from './http-adapter';

export interface SandboxHarness {
  store: SandboxStore;
  keys: ProviderBSandboxKeys;
  gatewayUrl: string;
  client(overrides?: Partial<ProviderBClientOptions>): ProviderBClient;
  close(): Promise<void>;
}

/** Test support: the providerB sandbox on a real loopback HTTP server plus a client pointed at it. */
export async function startProviderBSandbox(): Promise<SandboxHarness> {
  const store = createMemorySandboxStore();
  const keys = loadProviderBSandboxKeys();
  const server = await serveFetchHandler((request) => handleProviderBGatewayRequest(request, { store, keys }));
  const gatewayUrl = `${server.url}/sandbox/providerB/gateway.do`;
  return {
    store,
    keys,
    gatewayUrl,
    client: (overrides = {}) =>
      createProviderBClient({
        baseUrl: gatewayUrl,
        appId: keys.appId,
        appPrivateKeyPem: keys.appPrivateKeyPem,
        alipayPublicKeyPem: keys.alipayPublicKeyPem,
        retry: { attempts: 3, baseDelayMs: 1 },
        ...overrides,
      }),
    close: server.close,
  };
}

export const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);

/** A complete formData (store scene, enterprise) with freshly uploaded image ids. Test data only. */
export async function completeFormData(client: ProviderBClient): Promise<ZftFormData> {
  const upload = async (name: string) =>
    (await client.uploadImage({ bytes: PNG_BYTES, filename: `${name}.png`, mimeType: 'image/png' })).imageId;
  return {
    contactName: '张三',
    contactMobile: '13800138000',
    contactEmail: 'ops@example.com',
    bindingAlipayLogonId: '13800138000',
    mcc: '5812',
    licenseCopy: await upload('license'),
    licenseNumber: '91350100M000100Y43',
    merchantName: '深圳示例科技有限公司',
    legalPerson: '张三',
    idCardCopy: await upload('id-front'),
    idCardNational: await upload('id-back'),
    idCardName: '张三',
    idCardNumber: '11010519491231002X',
    idCardPeriodBegin: '2020-01-01',
    idCardPeriodEnd: '长期',
    merchantShortname: '示例小店',
    servicePhone: '4000000000',
    settlementId: '716',
    qualificationType: '餐饮',
    accountName: '深圳示例科技有限公司',
    accountBank: '招商银行',
    accountNumber: '6225880000000000',
    subjectType: 'SUBJECT_TYPE_ENTERPRISE',
    idCardAddress: '广东省深圳市南山区',
    bankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE',
    salesScene: ['SALES_SCENES_STORE', 'SALES_SCENES_MINI_PROGRAM'],
    storeName: '示例小店南山店',
    storeAddressCode: '440305',
    storeAddress: '科技园路1号',
    storeEntrancePics: [await upload('entrance')],
    storeIndoorPics: [await upload('indoor-1'), await upload('indoor-2')],
    miniProgramAppid: '2021004100000001',
  };
}
