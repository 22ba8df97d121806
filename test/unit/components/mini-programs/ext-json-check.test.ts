import { describe, expect, it } from 'vitest';
import { extJsonString } from '@/schemas/mini-program-requests';
import { checkExtJson, extJsonTemplate } from '@/components/mini-programs/ext-json-check';

describe('checkExtJson (the commit form validates before sending)', () => {
  it('accepts the template and anything the API accepts', () => {
    expect(checkExtJson(extJsonTemplate('wx1234567890abcdef'))).toEqual([]);
    expect(extJsonString.safeParse(extJsonTemplate('wx1234567890abcdef')).success).toBe(true);
    expect(checkExtJson('{"extEnable":false,"extAppid":"a","ext":{"k":1},"window":{},"extra":true}')).toEqual([]);
  });

  it('names syntax errors, missing fields, wrong types and other rule breaks', () => {
    // Where the parser stopped, as line and column (the engine's English sentence is not shown).
    expect(checkExtJson('{"extEnable": tru')).toEqual([{ kind: 'syntax', line: 1, column: expect.any(Number) }]);
    expect(checkExtJson('{\n  "extEnable": true,\n  "ext": {,\n}')).toEqual([{ kind: 'syntax', line: 3, column: 11 }]);
    expect(checkExtJson('{"extEnable": true,')).toEqual([{ kind: 'syntax', line: 1, column: 20 }]);
    expect(checkExtJson('{}')).toEqual([
      { kind: 'missing', field: 'extEnable' },
      { kind: 'missing', field: 'extAppid' },
      { kind: 'missing', field: 'ext' },
      { kind: 'missing', field: 'window' },
    ]);
    expect(checkExtJson('{"extEnable":"yes","extAppid":"a","ext":[],"window":{}}')).toEqual([
      { kind: 'type', field: 'extEnable', expected: 'boolean' },
      { kind: 'type', field: 'ext', expected: 'record' },
    ]);
    expect(checkExtJson('{"extEnable":true,"extAppid":"","ext":{},"window":{}}')).toEqual([
      { kind: 'other', field: 'extAppid', detail: expect.any(String) },
    ]);
    expect(checkExtJson('[]')).toEqual([{ kind: 'type', field: '(root)', expected: 'object' }]);
  });

  it('refuses exactly what the API schema refuses', () => {
    for (const text of [
      '{}',
      '1',
      'null',
      '{"extEnable":true,"extAppid":"a","ext":{},"window":[]}',
      extJsonTemplate('wx1'),
    ]) {
      expect(checkExtJson(text).length === 0).toBe(extJsonString.safeParse(text).success);
    }
  });
});
