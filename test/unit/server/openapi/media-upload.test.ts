import { describe, expect, it } from 'vitest';
import { operations } from '@/app/operations';
import { buildOpenApiDocument } from '@/server/openapi/build-document';

type Op = {
  parameters: { name: string; in: string }[];
  requestBody?: {
    content: Record<
      string,
      { schema: { properties: Record<string, { contentMediaType?: string }>; required: string[] } }
    >;
  };
  responses: Record<string, { content?: Record<string, unknown> }>;
};

describe('OpenAPI media operations', () => {
  const doc = buildOpenApiDocument(operations, 'http://localhost:3000');
  const op = (path: string, method: string) => (doc.paths[path] as Record<string, Op>)[method]!;

  it('describes both uploads as multipart/form-data with a required image part and an optional provider', () => {
    for (const path of ['/v1/payments/media', '/admin/payment-onboardings/{tenantId}/media']) {
      const upload = op(path, 'post');
      const form = upload.requestBody!.content['multipart/form-data']!.schema;
      expect(form.properties.file?.contentMediaType).toBe('image/*');
      expect(Object.keys(form.properties)).toEqual(['file', 'provider']);
      expect(form.required).toEqual(['file']);
      expect(upload.responses['201']?.content).toHaveProperty('application/json');
      expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['413', '415']));
    }
    expect(op('/v1/payments/media', 'post').parameters.map((p) => p.name)).toContain('X-Service-Code');
    expect(op('/admin/payment-onboardings/{tenantId}/media', 'post').parameters.map((p) => p.name)).toEqual([
      'tenantId',
    ]);
    expect(doc.components.schemas).toHaveProperty('Media');
  });

  it('describes the preview as image bytes', () => {
    const preview = op('/admin/payment-onboardings/{tenantId}/media/{mediaId}', 'get');
    expect(preview.parameters.map((p) => p.name)).toEqual(['tenantId', 'mediaId']);
    expect(Object.keys(preview.responses['200']?.content ?? {})).toEqual(['image/jpeg', 'image/png']);
  });
});
