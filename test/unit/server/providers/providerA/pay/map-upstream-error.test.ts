import { describe, expect, it } from 'vitest';
import { isApplymentNotFound, mapUpstreamError } from '@/server/providers/providerA/pay/map-upstream-error';

describe('isApplymentNotFound: by the error code, not the HTTP status', () => {
  it.each([
    [400, { code: 'APPLYMENT_NOTEXIST', message: '申请单不存在' }],
    [400, { code: 'PARAM_ERROR', message: '未能找到申请单' }],
    [404, { code: 'RESOURCE_NOT_EXISTS', message: '申请单不存在' }],
  ])('%i %o means no such application', (status, body) => {
    expect(isApplymentNotFound(status, body)).toBe(true);
  });

  it.each([
    [404, {}],
    [404, { code: 'NOT_FOUND', message: 'Not Found' }],
    [404, { code: 'RESOURCE_NOT_EXISTS', message: '请求的资源不存在', detail: { location: 'path' } }],
    [400, { code: 'PARAM_ERROR', message: 'business_code 格式错误' }],
  ])('%i %o does not', (status, body) => {
    expect(isApplymentNotFound(status, body)).toBe(false);
    expect(mapUpstreamError(status, body).code).toBe(status === 404 ? 'upstream_unavailable' : 'upstream_rejected');
  });
});
