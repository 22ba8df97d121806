import type { SandboxStore } from '@/sandbox/store';
import {
  RESUBMITTABLE,
  applymentQueryBody,
  findApplymentById,
  getApplyment,
  newApplymentId,
  putApplyment,
  type SandboxApplyment,
} from './applyment-store';
import { MEDIA_KIND } from './media-upload';
import { errorResponse, paramError, signedResponse, type ResponseSigner } from './respond';
import { validateApplyment } from './validate-applyment';

type RouteContext = {
  signer: ResponseSigner;
  store: SandboxStore;
  /** The platform private key that opens fields encrypted under a `Wechatpay-Serial`, if the merchant has it (A.4). */
  decryptionKey?: (serial: string) => string | undefined;
};

/** `POST /v3/applyment4sub/applyment/` (B.2, B.6, B.9). The request signature is already checked. */
export async function handleSubmitApplyment(request: Request, bodyText: string, ctx: RouteContext): Promise<Response> {
  const { signer, store } = ctx;
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) {
    return paramError(
      signer,
      '/business_code',
      '输入源“/business_code”映射到字段“业务申请编号”必填性规则校验失败，此字段为必填项',
      'body must be application/json',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return errorResponse(signer, 400, 'INVALID_REQUEST', '请求体不是合法的JSON', {
      location: 'body',
      issue: 'invalid JSON',
    });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return errorResponse(signer, 400, 'INVALID_REQUEST', '请求体需为JSON对象', {
      location: 'body',
      issue: 'not an object',
    });
  }
  // Encrypted bodies must name the platform key that encrypted them (A.4): one the merchant's mode holds.
  const serial = request.headers.get('wechatpay-serial');
  const platformPrivateKeyPem = serial ? ctx.decryptionKey?.(serial) : undefined;
  if (!platformPrivateKeyPem) {
    return errorResponse(signer, 400, 'PARAM_ERROR', 'Wechatpay-Serial 缺失或与微信支付平台证书/公钥不匹配', {
      field: 'Wechatpay-Serial',
      issue: 'unknown platform serial',
      location: 'header',
    });
  }

  const businessCode = (body as Record<string, unknown>).business_code;
  const existing = typeof businessCode === 'string' ? await getApplyment(store, businessCode) : undefined;
  if (existing && !RESUBMITTABLE.has(existing.state)) {
    return errorResponse(
      signer,
      400,
      'PROCESSING',
      '该业务申请编号的申请单正在处理中，请查询申请单状态或使用新的业务申请编号',
      {
        field: '/business_code',
        issue: 'application in process',
        location: 'body',
      },
    );
  }

  const problem = await validateApplyment(body as Record<string, unknown>, {
    platformPrivateKeyPem,
    mediaExists: async (id) => (await store.get(MEDIA_KIND, id)) !== undefined,
  });
  if (problem) return paramError(signer, problem.field, problem.message, problem.issue, problem.value);

  const now = signer.now().toISOString();
  // A resubmission overwrites the application under the same applyment_id and starts a new review round.
  const record: SandboxApplyment = {
    business_code: businessCode as string,
    applyment_id: existing?.applyment_id ?? (await newApplymentId(store)),
    state: 'APPLYMENT_STATE_AUDITING',
    round: (existing?.round ?? 0) + 1,
    audit_detail: [],
    request: body as Record<string, unknown>,
    submitted_at: now,
    updated_at: now,
  };
  if (existing?.sub_mchid) record.sub_mchid = existing.sub_mchid;
  await putApplyment(store, record);
  return signedResponse(signer, 200, `{"applyment_id":${record.applyment_id}}`);
}

/** `GET …/business_code/{code}` and `GET …/applyment_id/{id}` (B.4). */
export async function handleQueryApplyment(
  by: 'business_code' | 'applyment_id',
  key: string,
  ctx: RouteContext,
  /** The record, already being read (handler.ts, readAhead). */
  ahead?: Promise<SandboxApplyment | undefined>,
): Promise<Response> {
  const record = await (ahead ??
    (by === 'business_code' ? getApplyment(ctx.store, key) : findApplymentById(ctx.store, key)));
  if (!record)
    return errorResponse(ctx.signer, 400, 'APPLYMENT_NOTEXIST', '未能找到申请单', {
      field: by,
      issue: 'application not found',
      location: 'path',
    });
  return signedResponse(ctx.signer, 200, applymentQueryBody(record));
}
