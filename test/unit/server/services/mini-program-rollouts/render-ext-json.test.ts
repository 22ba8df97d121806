import { describe, expect, it } from 'vitest';
import { renderExtJson, unknownPlaceholders } from '@/server/services/mini-program-rollouts/render-ext-json';

const template =
  '{"extEnable":true,"extAppid":"{{appId}}","ext":{"seller":"{{ sellerId }}","shop":"{{ext.shop-id}}"},"window":{}}';

describe('the rollout ext JSON template', () => {
  it('replaces each placeholder with its JSON-escaped value', () => {
    const result = renderExtJson(template, { appId: 'wx1', sellerId: 's"1\\', ext: { 'shop-id': '店\n1' } });
    expect(result.ok).toBe(true);
    expect(JSON.parse((result as { extJson: string }).extJson)).toEqual({
      extEnable: true,
      extAppid: 'wx1',
      ext: { seller: 's"1\\', shop: '店\n1' },
      window: {},
    });
  });

  it('names a missing value, and an invalid result', () => {
    expect(renderExtJson(template, { appId: 'wx1', sellerId: null, ext: {} })).toEqual({
      ok: false,
      error: 'no value for {{sellerId}}, {{ext.shop-id}}',
    });
    const notExt = renderExtJson('{"extAppid":"{{appId}}"}', { appId: 'wx1', sellerId: null, ext: {} });
    expect(notExt.ok).toBe(false);
    expect((notExt as { error: string }).error).toContain('extJson.extEnable');
    expect(renderExtJson('{"a": {{appId}}}', { appId: 'wx1', sellerId: null, ext: {} })).toEqual({
      ok: false,
      error: 'extJson must be a string holding JSON.',
    });
  });

  it('knows appId, sellerId and ext.<key> only', () => {
    expect(unknownPlaceholders(template)).toEqual([]);
    expect(unknownPlaceholders('{{appid}} {{ext.}} {{ext.a.b}} {{seller}} {{appId}}')).toEqual([
      'appid',
      'ext.',
      'ext.a.b',
      'seller',
    ]);
  });
});
