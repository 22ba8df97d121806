/** The defaults every /v1/miniprogram/{platform}/… operation shares (docs/product/service.md §4.2, docs/product/decisions.md §5). */
import { providerSchema } from '@/domain/providers';
import type { Operation } from './operation';

/** The authorizer app id of the examples. */
export const exampleAppId = 'wx3c1f8e2a9b7d6c54';
export const platformNote = '`{platform}` is `providerA` (WeChat) or `providerB` (Alipay); any other value is 404.';
// Every call on an authorizer goes upstream with its token: the authorizer may be unknown (404) or revoked (409),
// and the upstream may refuse (422), throttle (429), fail (502) or time out (504).
export const upstreamErrors = [400, 401, 403, 404, 409, 422, 429, 502, 504];

type PlatformOperation = Omit<Operation, 'tag' | 'serviceCode' | 'auth' | 'errors' | 'description'> & {
  description: string;
  errors?: number[];
};

/** A /v1/miniprogram/{platform}/… operation: API key, service code miniprogram, the upstream error set. */
export const miniProgramOperation = (op: PlatformOperation): Operation => ({
  tag: 'Mini programs',
  serviceCode: 'miniprogram',
  auth: 'apiKey',
  errors: upstreamErrors,
  pathParams: { platform: providerSchema },
  ...op,
  description: `${op.description} ${platformNote}`,
});
