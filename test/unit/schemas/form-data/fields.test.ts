import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { baseRequiredFields, formDataFieldNames, formDataFields, personalFields } from '@/schemas/form-data/fields';
import { enterpriseRequiredFields, sceneRequiredFields } from '@/schemas/form-data/requirements';

describe('field catalogue', () => {
  it('marks exactly the personal fields of the brief', () => {
    expect([...personalFields].sort()).toEqual(
      [
        'accountName',
        'accountNumber',
        'bindingAlipayLogonId',
        'contactEmail',
        'contactMobile',
        'contactName',
        'idCardAddress',
        'idCardName',
        'idCardNumber',
      ].sort(),
    );
    for (const field of personalFields) expect(formDataFields[field]).toHaveProperty('mask');
  });

  it('has a kind, group and both labels for every field, and every required field is catalogued', () => {
    for (const field of formDataFieldNames) {
      const def = formDataFields[field];
      expect(def.label['zh-CN'].length, field).toBeGreaterThan(0);
      expect(def.label.en.length, field).toBeGreaterThan(0);
      expect(def.maxLength, field).toBeGreaterThan(0);
    }
    const conditional = [...enterpriseRequiredFields, ...Object.values(sceneRequiredFields).flat()];
    for (const field of [...baseRequiredFields, ...conditional]) expect(formDataFieldNames).toContain(field);
    expect(formDataFields.storeEntrancePics.kind).toBe('mediaIdList');
    expect(formDataFields.idCardNational.kind).toBe('mediaId');
    expect(formDataFields.idCardPeriodEnd).toMatchObject({ kind: 'date', allowsPermanent: true });
  });

  it('stays isomorphic: no Node-only imports or globals outside tests', () => {
    const dir = new URL('../../../../src/schemas/form-data/', import.meta.url);
    const sources = readdirSync(dir).filter((name) => name.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(5);
    for (const name of sources) {
      const text = readFileSync(new URL(name, dir), 'utf8');
      expect(text, name).not.toMatch(/from ['"]node:|require\(|\bBuffer\b|\bprocess\./);
    }
  });
});
