/**
 * Provisioning through the product's own interfaces: the CLI for the platform and its key, the REST API for
 * sub-merchants, so the bench data is exactly what an integrator would create.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import completeFormData from '../../test/support/complete-form-data.json' with { type: 'json' };

const run = promisify(execFile);

export async function createPlatformWithCli({ appDir, env, name = 'Bench' }) {
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'cli', '--', 'platform', 'create', '--name', name, '--json'],
    {
      cwd: appDir,
      env,
      maxBuffer: 1 << 20,
    },
  );
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  const result = line ? JSON.parse(line) : {};
  if (!result.platformId || !result.apiKey) throw new Error('The CLI did not print { platformId, apiKey }.');
  return { platformId: result.platformId, apiKey: result.apiKey };
}

export const apiHeaders = (apiKey) => ({
  authorization: `Bearer ${apiKey}`,
  'x-service-code': 'payments',
  'content-type': 'application/json',
});

const { storeEntrancePics: _entrance, storeIndoorPics: _indoor, ...draftWithoutStorePhotos } = completeFormData;

/**
 * A draft as a seller leaves it half-way: every personal field is filled in (they are encrypted at rest and
 * decrypted + masked on every read, which is the cost the read routes must carry), media ids are placeholders.
 * Built from the tests' complete formData (a JSON file, so plain node can read it), numbered per record and
 * without the store photos.
 */
export function draftFormData(i) {
  const n = String(i).padStart(4, '0');
  return {
    ...draftWithoutStorePhotos,
    contactMobile: `1380013${n}`,
    contactEmail: `seller${n}@example.com`,
    licenseCopy: `media-license-copy-${n}`,
    merchantName: `${completeFormData.merchantName}${n}`,
    idCardCopy: `media-id-card-copy-${n}`,
    idCardNational: `media-id-card-national-${n}`,
    accountName: `${completeFormData.accountName}${n}`,
    accountNumber: `622202123456789${n}`,
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
        body: JSON.stringify({
          distributorExternalUserId: `bench-seller-${i}`,
          provider: 'providerA',
          formData: draftFormData(i),
        }),
      });
      const body = await response.json();
      if (response.status !== 201)
        throw new Error(
          `Creating sub-merchant ${i} answered ${response.status}: ${body.code ?? ''} ${body.title ?? ''}`,
        );
      ids[i] = body.id;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}
