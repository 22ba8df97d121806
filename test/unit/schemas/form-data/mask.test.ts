import { describe, expect, it } from 'vitest';
import { personalFields } from '@/schemas/form-data/fields';
import { completeFormDataFixture } from '../../../support/form-data-fixtures';
import { maskFieldValue, maskFormData, maskResidueErrors } from '@/schemas/form-data/mask';

describe('maskFormData', () => {
  it('masks every personal field of the complete fixture and leaves the rest unchanged', () => {
    const data = completeFormDataFixture();
    const masked = maskFormData(data);
    expect(masked).toEqual({
      ...data,
      contactName: '张*',
      contactMobile: '138****8000',
      contactEmail: 'z***@example.com',
      idCardName: '张*',
      idCardNumber: '**************002X',
      idCardAddress: '北京市朝阳区****',
      accountName: '福*********',
      accountNumber: '***************0123',
    });
    for (const field of personalFields) if (data[field] !== undefined) expect(masked[field]).not.toBe(data[field]);
  });

  it('masks an Alipay logon id as the mobile number or e-mail it is', () => {
    expect(maskFieldValue('bindingAlipayLogonId', '13800138000')).toBe('138****8000');
    expect(maskFieldValue('bindingAlipayLogonId', 'shop@example.com')).toBe('s***@example.com');
  });

  it('does not mutate its input', () => {
    const data = completeFormDataFixture();
    maskFormData(data);
    expect(data.idCardNumber).toBe('11010519491231002X');
  });

  it('masks names in Chinese and Western styles', () => {
    expect(maskFieldValue('idCardName', '欧阳娜娜')).toBe('欧***');
    expect(maskFieldValue('contactName', 'John Doe')).toBe('J*** Doe');
    expect(maskFieldValue('contactName', 'Mary Ann Lee')).toBe('M*** A*** Lee');
    expect(maskFieldValue('contactName', 'John')).toBe('J***');
    expect(maskFieldValue('contactName', '张')).toBe('*');
  });

  it('masks short and unusual values without revealing them', () => {
    expect(maskFieldValue('accountNumber', '1234')).toBe('****');
    expect(maskFieldValue('contactMobile', '+8613800138000')).toBe('**********8000');
    expect(maskFieldValue('contactEmail', 'nodomain')).toBe('n***');
    expect(maskFieldValue('idCardNumber', 123456789)).toBe('****');
  });

  it('leaves non-personal and unknown fields, null and undefined alone', () => {
    expect(maskFieldValue('legalPerson', '张三')).toBe('张三');
    expect(maskFieldValue('nickname', 'x')).toBe('x');
    expect(maskFormData({ contactName: null, merchantName: 'A' })).toEqual({ contactName: null, merchantName: 'A' });
  });
});

describe('maskResidueErrors', () => {
  const stored = { idCardName: '张三', idCardNumber: '110101199003071234' };

  it('names each masked field whose value still holds the mask, except the exact echo of the stored mask', () => {
    expect(
      maskResidueErrors(stored, {
        idCardName: '张*三',
        idCardNumber: '**************1234',
        contactMobile: '138****0000',
        merchantShortname: 'A*B',
      }),
    ).toEqual([
      expect.objectContaining({ pointer: '/formData/idCardName', code: 'masked_value' }),
      expect.objectContaining({ pointer: '/formData/contactMobile', code: 'masked_value' }),
    ]);
  });

  it('accepts whole new values and removals', () => {
    expect(maskResidueErrors(stored, { idCardName: '李四', idCardNumber: null, contactEmail: 'a@b.cn' })).toEqual([]);
  });
});
